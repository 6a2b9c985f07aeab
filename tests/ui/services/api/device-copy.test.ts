import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/rules/api-errors';
import { createApiClient } from '../../../../src/services/api/client';
import {
  DEVICE_COPY_HEADER,
  deviceCopySavedAt,
  markDeviceCopy,
} from '../../../../src/services/api/device-copy';
import { createEndpoints } from '../../../../src/services/api/endpoints';
import { watchDeviceCopies } from '../../../../src/services/api/watch-device-copies';
import { createFakeFetch } from './fakeFetch';

// Issue 18: a list the service worker answered from its cache (the network failed) carries the copy's date;
// the screen shows it. And a device without a connection gets its answer (or its failure) at once.

const SAVED_AT = '2026-11-20T08:15:00.000Z';
const CHANNELS = [{ _id: 'studycam-live' }];
const noSleep = async () => undefined;

describe('answers from a device copy', () => {
  it("marks an answer the service worker gave from its cache with the copy's date, and a fresh one not", async () => {
    const { fetch } = createFakeFetch([
      { status: 200, body: CHANNELS, headers: { [DEVICE_COPY_HEADER]: SAVED_AT } },
      { status: 200, body: CHANNELS },
    ]);
    const api = createEndpoints(createApiClient({ baseUrl: '', fetch }));
    expect(deviceCopySavedAt(await api.fetchLiveTvChannels())).toBe(SAVED_AT);
    expect(deviceCopySavedAt(await api.fetchLiveTvChannels())).toBeNull();
  });

  it('keeps a copy for one call only: the next call asks the network again, a fresh list for the session', async () => {
    const { fetch, calls } = createFakeFetch([
      { status: 200, body: CHANNELS, headers: { [DEVICE_COPY_HEADER]: SAVED_AT } },
      { status: 200, body: CHANNELS },
    ]);
    const api = createEndpoints(createApiClient({ baseUrl: '', fetch }));
    await api.fetchLiveTvChannels();
    const fresh = await api.fetchLiveTvChannels();
    expect(await api.fetchLiveTvChannels()).toBe(fresh);
    expect(calls).toHaveLength(2);
  });

  it("carries the news copy's date through the reshaping of its answer", async () => {
    const { fetch } = createFakeFetch([
      { status: 200, body: { articles: [{ title: 'Exams' }] }, headers: { [DEVICE_COPY_HEADER]: SAVED_AT } },
    ]);
    const api = createEndpoints(createApiClient({ baseUrl: '', fetch }));
    expect(deviceCopySavedAt(await api.fetchNews('fr'))).toBe(SAVED_AT);
  });

  it("watches one load's calls: the oldest copy's date among its answers, null when all were fresh", async () => {
    const older = [{ _id: 'a' }];
    const newer = [{ _id: 'b' }];
    markDeviceCopy(older, '2026-11-18T17:40:00.000Z');
    markDeviceCopy(newer, SAVED_AT);
    const api = {
      one: async () => newer,
      two: async () => older,
      fresh: async () => [{ _id: 'c' }],
      name: 'not a call',
    };
    const watched = watchDeviceCopies(api);
    await watched.api.fresh();
    expect(watched.savedAt()).toBeNull();
    await Promise.all([watched.api.one(), watched.api.two()]);
    expect(watched.savedAt()).toBe('2026-11-18T17:40:00.000Z');
    expect(watched.api.name).toBe('not a call');
    // Another load's watcher starts from nothing.
    expect(watchDeviceCopies(api).savedAt()).toBeNull();
  });
});

describe('offline', () => {
  it('does not ask again a second later when the device knows it has no connection', async () => {
    const sleep = vi.fn(noSleep);
    const { fetch, calls } = createFakeFetch(['network-failure']);
    const client = createApiClient({ baseUrl: '', fetch, sleep, isOffline: () => true });
    const failure = await createEndpoints(client)
      .fetchTransactions()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
    expect(calls).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('still tries twice more when the device believes it is online (docs/product.md §8)', async () => {
    const { fetch, calls } = createFakeFetch(['network-failure']);
    const client = createApiClient({ baseUrl: '', fetch, sleep: noSleep, isOffline: () => false });
    await createEndpoints(client)
      .fetchTransactions()
      .catch(() => undefined);
    expect(calls).toHaveLength(3);
  });
});
