import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from './errors';

/**
 * Paging for the lists that grow with the content (issue 12). A page starts after the previous page's last
 * entry; the cursor names that entry, signed, so a client can only continue a list the server started (and
 * a cache keyed by cursor holds only pages the server handed out).
 */

/** The unpaged list calls of docs/product.md §7 still answer, with at most this many entries. */
export const UNPAGED_LIST_CAP = 500;

// The page size and the paging fields are part of the API contract.
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../contract/common';

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`list-cursor:${payload}`).digest('base64url').slice(0, 22);

/** A cursor for the page after `lastId` in the list named `list` (its kind and filters). */
export function encodeCursor(secret: string, list: string, lastId: string): string {
  const payload = Buffer.from(JSON.stringify([list, lastId])).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The entry a cursor continues after; 400 for a cursor this server did not issue for this list. */
export function decodeCursor(secret: string, list: string, cursor: string): string {
  const invalid = () => new HttpError(400, 'invalidField', { field: 'cursor' });
  const [payload = '', signature = ''] = cursor.split('.');
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed[0] !== list || typeof parsed[1] !== 'string') throw invalid();
  return parsed[1];
}

export interface Page<T> {
  items: T[];
  /** The id of the last item when more follow, else null. */
  lastId: string | null;
  /** Entries in the whole filtered list. */
  total: number;
}

/**
 * The page of `list` (already filtered, in list order) after the entry `afterId`. An entry that has left
 * the list since the cursor was issued cannot be continued from: 400, and the client starts again.
 */
export function pageAfter<T>(
  list: readonly T[],
  afterId: string | null,
  limit: number,
  idOf: (item: T) => string,
): Page<T> {
  let start = 0;
  if (afterId !== null) {
    const index = list.findIndex((item) => idOf(item) === afterId);
    if (index < 0) throw new HttpError(400, 'invalidField', { field: 'cursor' });
    start = index + 1;
  }
  const items = list.slice(start, start + limit);
  const more = start + limit < list.length;
  const last = items.at(-1);
  return { items, lastId: more && last !== undefined ? idOf(last) : null, total: list.length };
}
