import { describe, expect, it } from 'vitest';
import {
  createPlaybackPositions,
  type KeyValueStore,
  LAST_PLAYED_KEY,
  positionKey,
} from '../../../src/services/playback-positions';

function mapStore(entries = new Map<string, unknown>()): KeyValueStore & { entries: Map<string, unknown> } {
  return {
    entries,
    get: async (key) => entries.get(key),
    set: async (key, value) => {
      entries.set(key, value);
    },
    del: async (key) => {
      entries.delete(key);
    },
  };
}

describe('playback positions', () => {
  it('keeps each video position under playback:<videoId>, versioned, and forgets it', async () => {
    const store = mapStore();
    const positions = createPlaybackPositions(store, () => 1_000);
    await positions.save('v1', 42.5);
    expect(positionKey('v1')).toBe('playback:v1');
    expect(store.entries.get('playback:v1')).toEqual({ v: 1, seconds: 42.5, savedAt: 1_000 });
    expect(await positions.load('v1')).toBe(42.5);
    expect(await positions.load('v2')).toBeNull();
    await positions.forget('v1');
    expect(await positions.load('v1')).toBeNull();
  });

  it('reads anything else stored there as no position, and refuses to save nonsense', async () => {
    const store = mapStore(
      new Map<string, unknown>([
        ['playback:a', 42],
        ['playback:b', { v: 2, seconds: 10 }],
        ['playback:c', { v: 1, seconds: -3 }],
      ]),
    );
    const positions = createPlaybackPositions(store);
    for (const id of ['a', 'b', 'c']) expect(await positions.load(id)).toBeNull();
    await positions.save('d', Number.NaN);
    expect(store.entries.has('playback:d')).toBe(false);
  });

  it('reads each stored position through its schema: a malformed one is none, its neighbour still read', async () => {
    const store = mapStore(
      new Map<string, unknown>([
        ['playback:text', { v: 1, seconds: '42', savedAt: 1 }],
        ['playback:endless', { v: 1, seconds: Number.POSITIVE_INFINITY, savedAt: 1 }],
        ['playback:unversioned', { seconds: 12, savedAt: 1 }],
        ['playback:undated', { v: 1, seconds: 7, savedAt: 'yesterday' }],
        ['playback:good', { v: 1, seconds: 30, savedAt: 5_000 }],
      ]),
    );
    const positions = createPlaybackPositions(store);
    for (const id of ['text', 'endless', 'unversioned']) expect(await positions.loadEntry(id)).toBeNull();
    // A save time that is not a number reads as the oldest: the account's position wins over it.
    expect(await positions.loadEntry('undated')).toEqual({ seconds: 7, savedAt: 0 });
    expect(await positions.loadEntry('good')).toEqual({ seconds: 30, savedAt: 5_000 });
  });

  it('remembers the last video played', async () => {
    const store = mapStore();
    const positions = createPlaybackPositions(store);
    expect(await positions.loadLastPlayed()).toBeNull();
    await positions.saveLastPlayed('v3');
    expect(store.entries.get(LAST_PLAYED_KEY)).toBe('v3');
    expect(await positions.loadLastPlayed()).toBe('v3');
  });

  it('never throws: a failing store or no IndexedDB at all means starting from the beginning', async () => {
    const broken: KeyValueStore = {
      get: async () => {
        throw new Error('QuotaExceededError');
      },
      set: async () => {
        throw new Error('QuotaExceededError');
      },
      del: async () => {
        throw new Error('QuotaExceededError');
      },
    };
    for (const positions of [createPlaybackPositions(broken), createPlaybackPositions(null)]) {
      await expect(positions.save('v1', 10)).resolves.toBeUndefined();
      await expect(positions.load('v1')).resolves.toBeNull();
      await expect(positions.forget('v1')).resolves.toBeUndefined();
      await expect(positions.loadLastPlayed()).resolves.toBeNull();
    }
  });
});
