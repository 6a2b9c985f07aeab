import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * Where in a parsed value a NUL character is, as a field path ('comment.text', 'items.0'), if anywhere.
 * One iterative walk, and a path is spelled out only for the field found: each visited field keeps just its
 * key and its parent's index, so a body of deeply nested arrays exhausts neither the stack nor the memory.
 */
export function nulCharacterPath(value: unknown): string | undefined {
  // Each visited field: its key and the index of its parent field (-1 for the top).
  const keys: string[] = [];
  const parents: number[] = [];
  const pathOf = (index: number): string => {
    const path: string[] = [];
    for (let at = index; at >= 0; at = parents[at] ?? -1) path.unshift(keys[at] ?? '');
    return path.join('.');
  };
  const pending: Array<[unknown, number]> = [[value, -1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, index] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return pathOf(index);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        keys.push(key);
        parents.push(index);
        if (key.includes('\u0000')) return pathOf(keys.length - 1);
        pending.push([child, keys.length - 1]);
      }
    }
  }
  return undefined;
}

/**
 * preValidation hook for every route: PostgreSQL text cannot hold a NUL character, so a string carrying one
 * would fail at the database. It is refused here, once for all routes, as the invalid field it is.
 * Synchronous: every request runs it (issue 12).
 */
export function refuseNulCharacters(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  for (const [part, name] of NUL_CHECKED_PARTS) {
    const path = nulCharacterPath(request[part]);
    if (path !== undefined) {
      done(new HttpError(400, 'invalidField', { field: path === '' ? name : path }));
      return;
    }
  }
  done();
}

/** The request's parsed parts, and their names in an error. */
const NUL_CHECKED_PARTS = [
  ['body', 'body'],
  ['query', 'querystring'],
  ['params', 'params'],
] as const;
