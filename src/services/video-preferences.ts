import * as z from 'zod/mini';
import { LANGUAGES } from '../../contract/rules/language';
import { STORAGE_KEYS, STORAGE_VERSION } from './storage';

// The student's video settings (issue 11), in local storage beside the rest of the device's keys
// (src/services/storage.ts names them all). Kept apart so the first screen's code does not carry them:
// only the player and the downloads read them. Same rules: reads never throw, writes say if they failed.

const videoPreferencesSchema = z.object({
  /** Auto plays the smallest rendition, whatever the connection. */
  dataSaver: z.boolean(),
  /** Downloads wait for Wi-Fi where the browser says what the connection is. */
  wifiOnly: z.boolean(),
  captions: z.enum(['off', ...LANGUAGES]),
});
export type VideoPreferences = z.infer<typeof videoPreferencesSchema>;

/** The envelope every local storage record has (src/services/storage.ts): this version, then the data. */
const storedPreferencesSchema = z.object({ v: z.literal(STORAGE_VERSION), data: videoPreferencesSchema });

export const DEFAULT_VIDEO_PREFERENCES: VideoPreferences = {
  dataSaver: false,
  wifiOnly: false,
  captions: 'off',
};

export interface VideoPreferencesStorage {
  getVideoPreferences(): VideoPreferences;
  setVideoPreferences(preferences: VideoPreferences): boolean;
}

export function createVideoPreferencesStorage(backing?: Storage): VideoPreferencesStorage {
  const store = (): Storage => backing ?? window.localStorage;
  return {
    getVideoPreferences() {
      try {
        const raw = store().getItem(STORAGE_KEYS.videoPreferences);
        if (raw === null) return DEFAULT_VIDEO_PREFERENCES;
        const parsed = storedPreferencesSchema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data.data : DEFAULT_VIDEO_PREFERENCES;
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
