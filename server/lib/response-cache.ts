import type { FastifyReply } from 'fastify';

/**
 * Public catalogue data (lists, and their serialised JSON text), built on first read and dropped on write.
 * The catalogue changes rarely and is read on every screen, so it is queried and stringified once instead of
 * on every request. Keys must come from a small fixed set (never from request input).
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

/** Sends already serialised JSON as is (Fastify does not re-serialise a string with a JSON content type). */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
