import { describe, expect, it, vi } from 'vitest';
import { networkFirstPost } from '../../../src/sw/network-first-post';
import { createFakeCacheStorage } from './fake-cache-storage';

const URL_ = 'https://study.example/app/books/filtered-books';
const page = (body: object) =>
  new Request(URL_, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
const answer = (books: string[], status = 200) =>
  new Response(JSON.stringify({ success: true, books, nextCursor: null, total: books.length }), { status });

/** The worker's surroundings: a cache storage, the network, waitUntil and a timer the test fires. */
function worker(fetch: (request: Request) => Promise<Response>) {
  const { storage } = createFakeCacheStorage();
  const pending: Promise<unknown>[] = [];
  const timers: (() => void)[] = [];
  const stored = vi.fn(async (_key: string) => undefined);
  const options = {
    cacheStorage: storage,
    cacheName: 'book-lists',
    fetch: vi.fn(fetch),
    networkTimeoutMs: 6000,
    waitUntil: (promise: Promise<unknown>) => {
      pending.push(promise);
    },
    stored,
    setTimer: (callback: () => void) => timers.push(callback),
    clearTimer: () => undefined,
  };
  return {
    options,
    stored,
    /** Lets every write the worker started finish. */
    settle: async () => {
      while (pending.length > 0) await pending.shift();
    },
    fireTimeout: () => {
      for (const fire of timers.splice(0)) fire();
    },
  };
}

async function booksOf(response: Response) {
  return ((await response.json()) as { books: string[] }).books;
}

describe('network first for the POSTed book pages', () => {
  it('answers from the network and keeps the page, under a key of its body', async () => {
    const w = worker(async () => answer(['b1', 'b2']));
    const response = await networkFirstPost(page({ section: 'anglophone', limit: 12 }), w.options);
    expect(await booksOf(response)).toEqual(['b1', 'b2']);
    await w.settle();
    expect(w.stored).toHaveBeenCalledWith(`${URL_}?limit=12&section=anglophone`);
  });

  it('serves the kept page when the network is gone, and only the page asked for', async () => {
    let online = true;
    const w = worker(async (request) => {
      if (!online) throw new TypeError('Failed to fetch');
      const body = (await request.json()) as { cursor?: string };
      return answer(body.cursor === undefined ? ['b1', 'b2'] : ['b3']);
    });
    await networkFirstPost(page({ section: 'anglophone', limit: 2 }), w.options);
    await networkFirstPost(page({ section: 'anglophone', limit: 2, cursor: 'c.2' }), w.options);
    await w.settle();
    online = false;
    const second = await networkFirstPost(
      page({ limit: 2, cursor: 'c.2', section: 'anglophone' }),
      w.options,
    );
    expect(await booksOf(second)).toEqual(['b3']);
    const first = await networkFirstPost(page({ limit: 2, section: 'anglophone' }), w.options);
    expect(await booksOf(first)).toEqual(['b1', 'b2']);
    await expect(networkFirstPost(page({ section: 'francophone', limit: 2 }), w.options)).rejects.toThrow(
      'Failed to fetch',
    );
  });

  it('never keeps an error answer in place of the list', async () => {
    let status = 200;
    const w = worker(async () => answer(status === 200 ? ['b1'] : [], status));
    await networkFirstPost(page({ section: 'anglophone', limit: 12 }), w.options);
    await w.settle();
    status = 503;
    const failed = await networkFirstPost(page({ section: 'anglophone', limit: 12 }), w.options);
    expect(failed.status).toBe(503);
    await w.settle();
    expect(w.stored).toHaveBeenCalledTimes(1);
  });

  it('on a network slower than the timeout, serves the kept page and refreshes it in the background', async () => {
    let reply: (response: Response) => void = () => undefined;
    let calls = 0;
    const w = worker(async () => {
      calls += 1;
      if (calls === 1) return answer(['old']);
      return new Promise<Response>((resolve) => {
        reply = resolve;
      });
    });
    await networkFirstPost(page({ section: 'anglophone', limit: 12 }), w.options);
    await w.settle();
    const slow = networkFirstPost(page({ section: 'anglophone', limit: 12 }), w.options);
    await vi.waitFor(() => expect(calls).toBe(2));
    w.fireTimeout();
    expect(await booksOf(await slow)).toEqual(['old']);
    reply(answer(['new']));
    await w.settle();
    await vi.waitFor(() => expect(w.stored).toHaveBeenCalledTimes(2));
  });

  it('waits for a slow network when nothing is kept yet', async () => {
    let reply: (response: Response) => void = () => undefined;
    const w = worker(
      () =>
        new Promise<Response>((resolve) => {
          reply = resolve;
        }),
    );
    const slow = networkFirstPost(page({ section: 'anglophone', limit: 12 }), w.options);
    await vi.waitFor(() => expect(w.options.fetch).toHaveBeenCalledTimes(1));
    w.fireTimeout();
    reply(answer(['b1']));
    expect(await booksOf(await slow)).toEqual(['b1']);
  });

  it('passes a body that is no JSON object through, unkept', async () => {
    const w = worker(async () => new Response('{}', { status: 400 }));
    const request = new Request(URL_, { method: 'POST', body: 'not json' });
    expect((await networkFirstPost(request, w.options)).status).toBe(400);
    await w.settle();
    expect(w.stored).not.toHaveBeenCalled();
  });
});
