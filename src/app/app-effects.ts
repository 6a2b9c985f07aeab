import type { Language } from '../../machines/language';
import type { ApiClient } from '../services/api/client';
import type { Endpoints } from '../services/api/endpoints';
import type { OfflineVideoStore } from '../services/offline/offline-video-store';
import type { PwaEffects } from '../services/pwa/pwa-effects';
import type { AppStorage } from '../services/storage';
import type { UiStore } from './ui-store';

export type AppApi = Endpoints & { clearCache(): void };

/** Everything the machines need from the outside world, handed over here and nowhere else. */
export interface AppEffects {
  storage: AppStorage;
  api: AppApi;
  ui: UiStore;
  now: () => number;
  navigate: (path: string) => void;
  loadDictionary: (lang: string) => Promise<void>;
  /** Cache Storage and IndexedDB: everything logout must wipe besides local storage. */
  clearCaches: () => Promise<unknown>;
  /** Turns a failed call into the text to show, in the student's language. */
  describeError: (error: unknown) => string;
  /**
   * Service worker and install prompt (src/services/pwa), handed over when the PWA machines load (the service
   * worker's bridge is not first-screen code either); absent: neither is offered.
   */
  pwa?: () => Promise<PwaEffects>;
  /**
   * The browser's languages in order (navigator.languages; the native shell's WebView reports the device's):
   * without an explicit choice they decide the language (contract/rules/language.ts).
   */
  browserLanguages: () => readonly string[];
  /** Mirrors the persisted language where the server and the worker can read it (a cookie); null forgets it. */
  rememberLanguage?: (lang: Language | null) => void;
  /** The HTTP client, for lazily loaded features that bring their own calls (the shop's orders). */
  client?: ApiClient;
  /** Offline video downloads (src/services/offline); absent: downloads are not offered. */
  offlineVideos?: OfflineVideoStore;
}
