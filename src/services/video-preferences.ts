import type { Language } from '../../contract/common';
import { STORAGE_KEYS, STORAGE_VERSION } from './storage';

// The student's video settings (issue 11), in local storage beside the rest of the device's keys
// (src/services/storage.ts names them all). Kept apart so the first screen's code does not carry them:
// only the player and the downloads read them. Same rules: reads never throw, writes say if they failed.

export interface VideoPreferences {
  /** Auto plays the smallest rendition, whatever the connection. */
  dataSaver: boolean;
  /** Downloads wait for Wi-Fi where the browser says what the connection is. */
  wifiOnly: boolean;
  captions: 'off' | Language;
}

export const DEFAULT_VIDEO_PREFERENCES: VideoPreferences = {
  dataSaver: false,
  wifiOnly: false,
  captions: 'off',
};

export interface VideoPreferencesStorage {
  getVideoPreferences(): VideoPreferences;
  setVideoPreferences(preferences: VideoPreferences): boolean;
}

function isVideoPreferences(value: unknown): value is VideoPreferences {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.dataSaver === 'boolean' &&
    typeof candidate.wifiOnly === 'boolean' &&
    (candidate.captions === 'off' || candidate.captions === 'en' || candidate.captions === 'fr')
  );
}

export function createVideoPreferencesStorage(backing?: Storage): VideoPreferencesStorage {
  const store = (): Storage => backing ?? window.localStorage;
  return {
    getVideoPreferences() {
      try {
        const raw = store().getItem(STORAGE_KEYS.videoPreferences);
        if (raw === null) return DEFAULT_VIDEO_PREFERENCES;
        const envelope = JSON.parse(raw) as { v?: unknown; data?: unknown };
        return envelope.v === STORAGE_VERSION && isVideoPreferences(envelope.data)
          ? envelope.data
          : DEFAULT_VIDEO_PREFERENCES;
      } catch {
        return DEFAULT_VIDEO_PREFERENCES;
      }
    },
    setVideoPreferences(preferences) {
      try {
        store().setItem(
          STORAGE_KEYS.videoPreferences,
          JSON.stringify({ v: STORAGE_VERSION, data: preferences }),
        );
        return true;
      } catch {
        return false;
      }
    },
  };
}
