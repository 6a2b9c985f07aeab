import { describe, expect, it, vi } from 'vitest';
import { DEVICE_COPY_HEADER } from '../../../src/services/api/device-copy';
import { asDeviceCopy, deviceCopyPlugin } from '../../../src/sw/device-copy';
import { networkFirstPost } from '../../../src/sw/network-first-post';
import { createFakeCacheStorage } from './fake-cache-storage';

// Issue 18: a list the worker answers from its cache because the network failed says it is a copy, with the
// date the server answered it, so the screen shows "saved on {date}" instead of a list that looks fresh.

const ANSWERED = 'Fri, 20 Nov 2026 08:15:00 GMT';
const CHANNELS = JSON.stringify([{ _id: 'studycam-live' }]);
const cached = (date: string | null = ANSWERED) =>
  new Response(CHANNELS, {
    status: 200,
    headers: { 'content-type': 'application/json', ...(date ? { date } : {}) },
  });
const used = (plugin: ReturnType<typeof deviceCopyPlugin>, response: Response | undefined) =>
  plugin.cachedResponseWillBeUsed?.({
    cachedResponse: response,
    cacheName: 'catalogue-lists',
    request: new Request('https://study.example/livetv/channels'),
    event: new Event('fetch') as ExtendableEvent,
    state: {},
  });

describe('a cached list answered by the worker', () => {
  it('is marked with the date the server answered it, body, status and headers kept', async () => {
    const copy = asDeviceCopy(cached());
    expect(copy.headers.get(DEVICE_COPY_HEADER)).toBe('2026-11-20T08:15:00.000Z');
    expect(copy.headers.get('content-type')).toBe('application/json');
    expect(copy.status).toBe(200);
    expect(await copy.text()).toBe(CHANNELS);
  });

  it('is left unmarked without a readable date: no date rather than a wrong one', () => {
    expect(asDeviceCopy(cached(null)).headers.has(DEVICE_COPY_HEADER)).toBe(false);
  });

  it('network first: every cached answer handed out is a copy', async () => {
    const marked = await used(deviceCopyPlugin(), cached());
    expect(marked?.headers.get(DEVICE_COPY_HEADER)).toBe('2026-11-20T08:15:00.000Z');
    expect(await used(deviceCopyPlugin(), undefined)).toBeNull();
  });

  it('stale-while-revalidate: marked only while the device is offline', async () => {
    let offline = false;
    const plugin = deviceCopyPlugin(() => offline);
    expect((await used(plugin, cached()))?.headers.has(DEVICE_COPY_HEADER)).toBe(false);
    offline = true;
    expect((await used(plugin, cached()))?.headers.get(DEVICE_COPY_HEADER)).toBe('2026-11-20T08:15:00.000Z');
  });

  it("the POSTed book pages: the kept page served for a failed network is marked, the network's is not", async () => {
    const { storage } = createFakeCacheStorage();
    let online = true;
    const options = {
      cacheStorage: storage,
      cacheName: 'book-lists',
      fetch: vi.fn(async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return cached();
      }),
      networkTimeoutMs: 6000,
      waitUntil: (promise: Promise<unknown>) => void promise,
      setTimer: () => undefined,
      clearTimer: () => undefined,
    };
    const request = () =>
      new Request('https://study.example/books/filtered-books', { method: 'POST', body: '{"limit":12}' });
    const fresh = await networkFirstPost(request(), options);
    expect(fresh.headers.has(DEVICE_COPY_HEADER)).toBe(false);
    await vi.waitFor(async () => expect(await (await storage.open('book-lists')).keys()).toHaveLength(1));
    online = false;
    const kept = await networkFirstPost(request(), options);
    expect(kept.headers.get(DEVICE_COPY_HEADER)).toBe('2026-11-20T08:15:00.000Z');
  });
});
