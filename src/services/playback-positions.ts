import { del, get, set } from 'idb-keyval';
import * as z from 'zod/mini';

/**
 * Where the student stopped in each video, kept in IndexedDB (idb-keyval's default store, which logout
 * clears with the caches) under `playback:<videoId>`. Positions are small, frequent writes that must survive
 * a closed tab, and they are not worth local storage's synchronous writes on a slow phone.
 */
export const PLAYBACK_KEY_PREFIX = 'playback:';
/** The last video played, for the up-next screen opened without a video id. */
export const LAST_PLAYED_KEY = 'playback-last';

export const positionKey = (videoId: string) => `${PLAYBACK_KEY_PREFIX}${videoId}`;

/**
 * Stored as data with a version stamp, so a later shape can tell old entries apart (docs/style.md 6). A
 * position is a finite number of seconds, never negative; a save time that is not a number reads as 0 (the
 * oldest), so the account's position wins over it rather than the video starting over.
 */
const storedPositionSchema = z.object({
  v: z.literal(1),
  seconds: z.number().check(z.nonnegative()),
  savedAt: z.catch(z.number(), 0),
});
type StoredPosition = z.infer<typeof storedPositionSchema>;

export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

/** A saved position and when the student was there (epoch ms). */
export interface PositionEntry {
  readonly seconds: number;
  readonly savedAt: number;
}

export interface PlaybackPositions {
  /** The saved position in seconds, or null (none, unreadable, or IndexedDB unavailable). */
  load(videoId: string): Promise<number | null>;
  /** The saved position with its time, to compare with the account's (the newer wins). */
  loadEntry(videoId: string): Promise<PositionEntry | null>;
  save(videoId: string, seconds: number): Promise<void>;
  forget(videoId: string): Promise<void>;
  loadLastPlayed(): Promise<string | null>;
  saveLastPlayed(videoId: string): Promise<void>;
}

function idbKeyvalStore(): KeyValueStore | null {
  if (typeof indexedDB === 'undefined') return null;
  return { get: (key) => get(key), set: (key, value) => set(key, value), del: (key) => del(key) };
}

/**
 * Never throws: a private window or a full disk only means the video starts from the beginning next time,
 * which is no reason to interrupt the lesson.
 */
export function createPlaybackPositions(
  store: KeyValueStore | null = idbKeyvalStore(),
  now: () => number = Date.now,
): PlaybackPositions {
  const quietly = async <T>(work: (s: KeyValueStore) => Promise<T>, fallback: T): Promise<T> => {
    if (!store) return fallback;
    try {
      return await work(store);
    } catch {
      return fallback;
    }
  };
  const loadEntry = (videoId: string) =>
    quietly(async (s): Promise<PositionEntry | null> => {
      const parsed = storedPositionSchema.safeParse(await s.get(positionKey(videoId)));
      return parsed.success ? { seconds: parsed.data.seconds, savedAt: parsed.data.savedAt } : null;
    }, null);
  return {
    load: async (videoId) => (await loadEntry(videoId))?.seconds ?? null,
    loadEntry,
    save: (videoId, seconds) =>
      quietly(async (s) => {
        if (!Number.isFinite(seconds) || seconds < 0) return;
        const entry: StoredPosition = { v: 1, seconds, savedAt: now() };
        await s.set(positionKey(videoId), entry);
      }, undefined),
    forget: (videoId) => quietly((s) => s.del(positionKey(videoId)), undefined),
    loadLastPlayed: () =>
      quietly(async (s) => {
        const value = await s.get(LAST_PLAYED_KEY);
        return typeof value === 'string' && value !== '' ? value : null;
      }, null),
    saveLastPlayed: (videoId) => quietly((s) => s.set(LAST_PLAYED_KEY, videoId), undefined),
  };
}
