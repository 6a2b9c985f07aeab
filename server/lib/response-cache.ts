import { createHash, randomUUID } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db';
import { addVary } from './vary';

/** The PostgreSQL channel on which server processes tell each other which cached lists a write made stale. */
export const INVALIDATION_CHANNEL = 'response_cache_invalidation';

/**
 * Public catalogue data (lists, and their serialised JSON), built on first read and dropped on write.
 * The catalogue changes rarely and is read on every screen, so it is queried, stringified and compressed
 * once instead of on every request. Keys must come from a small set, never from request input.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  /** False while a shared cache cannot hear the other processes: it then caches nothing. */
  private caching = true;
  private publish: ((prefix: string) => void) | undefined;
  private readonly instance = randomUUID();

  /** Keys include the request's origin when PUBLIC_URL is unset; the bound keeps odd Host headers harmless. */
  constructor(private readonly maxEntries = 256) {}

  get<T>(key: string, build: () => Promise<T>): Promise<T> {
    if (!this.caching) return build();
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

  /** Drops every entry whose key starts with prefix (all entries without one), here and in every process. */
  invalidate(prefix = ''): void {
    this.drop(prefix);
    this.publish?.(prefix);
  }

  private drop(prefix: string): void {
    for (const key of this.entries.keys()) {
      if (key.startsWith(prefix)) this.entries.delete(key);
    }
  }

  /**
   * Several server processes on one PostgreSQL: each invalidation is sent to the others with NOTIFY, so a
   * write on one process does not leave another serving the old list. While this process cannot listen (the
   * database is away), it caches nothing, and it starts from empty once it listens again, since it may have
   * missed notifications. Returns the function that stops listening.
   */
  async share(db: Db, onError: (error: unknown) => void): Promise<() => Promise<void>> {
    this.caching = false;
    const stop = await db.listen(INVALIDATION_CHANNEL, {
      message: (payload) => {
        const separator = payload.indexOf('|');
        if (separator < 0 || payload.slice(0, separator) === this.instance) return;
        this.drop(payload.slice(separator + 1));
      },
      state: (listening) => {
        this.entries.clear();
        this.caching = listening;
      },
    });
    this.publish = (prefix) => {
      db.query('SELECT pg_notify($1, $2)', [INVALIDATION_CHANNEL, `${this.instance}|${prefix}`]).catch(
        onError,
      );
    };
    return stop;
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

type Encoding = 'br' | 'gzip' | undefined;

/** Browsers send one Accept-Encoding all the time: each distinct header is read once (a bounded memory). */
const encodingsRead = new Map<string, Encoding>();

function acceptedEncoding(header: string | undefined): Encoding {
  if (!header) return undefined;
  if (header.length > 200) return readAcceptEncoding(header);
  let encoding = encodingsRead.get(header);
  if (encoding === undefined && !encodingsRead.has(header)) {
    encoding = readAcceptEncoding(header);
    if (encodingsRead.size >= 64) encodingsRead.clear();
    encodingsRead.set(header, encoding);
  }
  return encoding;
}

function readAcceptEncoding(header: string): Encoding {
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
  addVary(reply, 'Accept-Encoding, Authorization')
    .header('etag', prepared.etag)
    .header('cache-control', 'no-cache');
  // Typed before the 304 too: the security headers follow the content type (a JSON answer's few, not a
  // document's set), and a browser merges a 304's headers into the copy it keeps.
  reply.type('application/json; charset=utf-8');
  if (request.headers['if-none-match'] === prepared.etag) return reply.code(304).send();
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
  addVary(reply, 'Accept-Encoding, Authorization')
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
