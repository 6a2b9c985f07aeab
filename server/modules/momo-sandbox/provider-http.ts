import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

// How the provider's API reads requests and answers: its headers, credentials and error bodies.

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export type ProviderError = { code: string; message: string };

export function fail(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).send({ code, message } satisfies ProviderError);
}

export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const single = Array.isArray(value) ? value[0] : value;
  return single?.trim() ? single.trim() : undefined;
}

export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
}

export function hostOf(hostOrUrl: string): string | undefined {
  try {
    return new URL(hostOrUrl.includes('://') ? hostOrUrl : `http://${hostOrUrl}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

export function missingSubscriptionKey(reply: FastifyReply): FastifyReply {
  // Worded as the provider's API gateway words it.
  return reply.code(401).send({
    statusCode: 401,
    message:
      'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.',
  });
}

export function basicCredentials(
  authorization: string | undefined,
): { user: string; password: string } | undefined {
  const encoded = /^Basic\s+(.+)$/i.exec(authorization ?? '')?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Provider clients send `Content-Type: application/json` with no body on the token and api key
 * calls; Fastify would refuse that, the provider does not. Scoped to this plugin only.
 */
export function acceptEmptyJsonBodies(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
}
