import { vi } from 'vitest';

/** What the fake server answers to one call: a status and body, or no answer at all. */
export type FakeReply =
  | { status: number; body?: unknown; rawBody?: string; headers?: Record<string, string> }
  | 'network-failure';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  /** Parsed JSON, the FormData itself, or undefined when no body was sent. */
  body: unknown;
  /** Date.now() when the call was made (the fake clock under vi.useFakeTimers). */
  at: number;
}

function toResponse(reply: Exclude<FakeReply, 'network-failure'>): Response {
  const text = reply.rawBody ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
  return new Response(text === '' ? null : text, {
    status: reply.status,
    headers: { 'Content-Type': 'application/json', ...reply.headers },
  });
}

/**
 * A fetch that answers from a script: a list consumed in order (the last reply repeats), or a function
 * of the call. Each call is recorded so tests can assert method, URL, headers, body and timing.
 */
export function createFakeFetch(script: FakeReply[] | ((call: RecordedCall) => FakeReply)) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const rawBody = init?.body;
    const call: RecordedCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof rawBody === 'string' ? JSON.parse(rawBody) : (rawBody ?? undefined),
      at: Date.now(),
    };
    calls.push(call);
    const reply =
      typeof script === 'function' ? script(call) : (script[calls.length - 1] ?? script[script.length - 1]);
    if (reply === undefined) throw new Error('The fake fetch has no reply scripted');
    if (reply === 'network-failure') throw new TypeError('Failed to fetch');
    return toResponse(reply);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, mock: fetch };
}
