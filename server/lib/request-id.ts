import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TrustProxy } from '../config';

const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Fastify's genReqId. Each request gets a fresh id, which every log line of the request and every error body
 * carry, and which the X-Request-Id response header returns. An incoming X-Request-Id is kept only behind a
 * trusted proxy (TRUST_PROXY), where the proxy sets it, so the proxy's access log and ours share one id; from
 * a client reaching the server directly it could be anything (another request's id, a huge or forged value),
 * so it is ignored.
 */
export function requestIdGenerator(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  return (request) => {
    if (trustProxy !== false) {
      const incoming = request.headers['x-request-id'];
      if (typeof incoming === 'string' && ACCEPTED_ID.test(incoming)) return incoming;
    }
    return randomUUID();
  };
}
