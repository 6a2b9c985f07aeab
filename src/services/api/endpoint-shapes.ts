import type { ApiClient, EndpointOptions } from './client';

// How the endpoint groups (src/services/api/endpoints.ts) call the API: the options each kind of call is
// made with, and the three shapes most calls have.

/**
 * A successful write of these changes what the profile and the video and book lists (locked, streamUrl,
 * fileUrl) show.
 */
const USER_LISTS = ['users/profile', 'videos/', 'books/'] as const;

export const CONTINUE_PATH = 'videos/continue';

/**
 * Reads are retryable; writes are not, since repeating them could act twice (a comment), except the two
 * payment writes, which the server makes idempotent (a start by its externalId, a checkout by its
 * referenceId): a lost answer is then retried instead of shown as an error. Calls under `videos/` are
 * marked for their own error wording.
 */
export const CALL = {
  read: { retryable: true },
  idempotentWrite: { retryable: true },
  videoRead: { retryable: true, video: true },
  list: { retryable: true, cacheable: true },
  videoList: { retryable: true, cacheable: true, video: true },
  /** Neither retried nor cached: reactions and the resume position (a later save supersedes it). */
  videoCall: { video: true },
  userWrite: { invalidates: USER_LISTS },
} as const satisfies Record<string, EndpointOptions>;

/**
 * Most calls have one of three shapes: a payload sent as the JSON body, a GET of a fixed path, or a GET of
 * one record by id (the id is data, never a path: it cannot climb out of its segment).
 */
export function callShapes(client: ApiClient) {
  return {
    client,
    send:
      <Payload, Answer>(method: 'POST' | 'PUT', path: string, options: EndpointOptions = {}) =>
      (payload: Payload) =>
        client.request<Answer>({ method, path, body: payload, ...options }),
    get:
      <Answer>(path: string, options: EndpointOptions = {}) =>
      () =>
        client.request<Answer>({ method: 'GET', path, ...options }),
    getById:
      <Answer>(root: string, options: EndpointOptions = {}) =>
      (id: string) =>
        client.request<Answer>({ method: 'GET', path: `${root}/${encodeURIComponent(id)}`, ...options }),
  };
}

export type CallShapes = ReturnType<typeof callShapes>;
