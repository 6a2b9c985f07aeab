import { createContext, useContext } from 'react';
import type { NetworkHintsSource } from '../services/network-hints';
import { createNetworkHints } from '../services/network-hints';
import type { VideoPreferences, VideoPreferencesStorage } from '../services/video-preferences';
import { createVideoPreferencesStorage } from '../services/video-preferences';

// What every lesson's machines read of the device: the student's video settings (kept in local storage)
// and the connection as the browser describes it. The app creates them on first use, so the landing chunk
// never carries them; tests provide their own through the context.

export interface VideoPreferencesStore {
  get(): VideoPreferences;
  update(change: Partial<VideoPreferences>): void;
  /** For useSyncExternalStore: called after every update. */
  subscribe(listener: () => void): () => void;
}

export function createVideoPreferencesStore(storage: VideoPreferencesStorage): VideoPreferencesStore {
  let current = storage.getVideoPreferences();
  /** The last change could not be written (full or disabled storage): it holds for this page only. */
  let unsaved = false;
  const listeners = new Set<() => void>();
  return {
    // Read again each time: a logout clears local storage, and the next student starts from the defaults.
    get() {
      if (unsaved) return current;
      const stored = storage.getVideoPreferences();
      if (JSON.stringify(stored) !== JSON.stringify(current)) current = stored;
      return current;
    },
    update(change) {
      current = { ...current, ...change };
      unsaved = !storage.setVideoPreferences(current);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface VideoEnvironment {
  readonly preferences: VideoPreferencesStore;
  readonly network: NetworkHintsSource;
}

export const VideoEnvironmentContext = createContext<VideoEnvironment | null>(null);

let shared: VideoEnvironment | null = null;

export function useVideoEnvironment(): VideoEnvironment {
  const provided = useContext(VideoEnvironmentContext);
  if (provided) return provided;
  shared ??= {
    preferences: createVideoPreferencesStore(createVideoPreferencesStorage()),
    network: createNetworkHints(),
  };
  return shared;
}
