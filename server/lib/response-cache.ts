import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Public catalogue data (lists, and their serialised JSON), built on first read and dropped on write.
 * The catalogue changes rarely and is read on every screen, so it is queried, stringified and compressed
 * once instead of on every request. Keys must come from a small set, never from request input.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Promise<unknown>>();

  /** Keys include the request's origin when PUBLIC_URL is unset; the bound keeps odd Host headers harmless. */
  constructor(private readonly maxEntries = 256) {}

  get<T>(key: string, build: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(key) as Promise<T> | undefined;
    if (entry === undefined) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      entry = build();
      this.entries.set(key, entry);
      // A failed build must not be cached: the next request tries again.
      entry.catch(() => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      });
    }
    return entry;
  }

  /** Drops every entry whose key starts with prefix (all entries without one). */
  invalidate(prefix = ''): void {
    for (const key of this.entries.keys()) {
      if (key.startsWith(prefix)) this.entries.delete(key);
    }
  }
}

/**
 * A JSON response prepared once: its text, an ETag, and its gzip and brotli forms. Students pay for mobile
 * data by the megabyte; a compressed list is a tenth of the plain one, and compressing once costs nothing
 * per request.
 */
export interface PreparedJson {
  text: string;
  etag: string;
  gzip: Buffer;
  brotli: Buffer;
}

export function prepareJson(value: unknown): PreparedJson {
  const text = JSON.stringify(value);
  const bytes = Buffer.from(text);
  return {
    text,
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
    gzip: gzipSync(bytes, { level: 9 }),
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  };
}

function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = header
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q === undefined || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/**
 * Sends a prepared response: 304 when the client already has it (If-None-Match), else the best encoding
 * the client accepts. Fastify does not re-serialise a string or buffer sent with a JSON content type.
 */
export function sendPreparedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedJson,
): FastifyReply {
  reply
    .header('etag', prepared.etag)
    .header('vary', 'Accept-Encoding, Authorization')
    .header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === prepared.etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(prepared.brotli);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(prepared.gzip);
  return reply.send(prepared.text);
}

/**
 * Sends JSON made for one caller (a paying student's video list, with their signed URLs), compressed for
 * this request with quick settings: it cannot be prepared once, and sent plain it would cost the student
 * ten times the data.
 */
export function sendPersonalJson(request: FastifyRequest, reply: FastifyReply, text: string): FastifyReply {
  reply
    .header('vary', 'Accept-Encoding, Authorization')
    // Signed URLs are personal: never stored by a shared cache.
    .header('cache-control', 'private, no-store')
    .type('application/json; charset=utf-8');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const bytes = Buffer.from(text);
  if (encoding === 'br') {
    const quick = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
    return reply.header('content-encoding', 'br').send(brotliCompressSync(bytes, { params: quick }));
  }
  if (encoding === 'gzip')
    return reply.header('content-encoding', 'gzip').send(gzipSync(bytes, { level: 6 }));
  return reply.send(text);
}
