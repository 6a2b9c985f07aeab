import { fromPromise } from 'xstate';
import type { Language } from '../../machines/language';
import type { ClearSessionInput, sessionMachine } from '../../machines/session';
import type { Endpoints } from '../services/api/endpoints';
import type { AppStorage } from '../services/storage';

/** What ending a session touches: the server's copy of the token, the device's storage and caches. */
export interface SessionDeps {
  api: Pick<Endpoints, 'logout'> & { clearCache(): void };
  storage: Pick<AppStorage, 'clearAll'>;
  /** Cache Storage and IndexedDB: everything logout must wipe besides local storage. */
  clearCaches: () => Promise<unknown>;
  rememberLanguage?: ((lang: Language | null) => void) | undefined;
}

/** The session machine's effects. */
export function sessionActors(fx: SessionDeps): Parameters<typeof sessionMachine.provide>[0] {
  return {
    actors: {
      clearSession: fromPromise<void, ClearSessionInput>(async ({ input }) => {
        // The server forgets this token; if it can't be reached the device is cleared all the same.
        if (input.token) await fx.api.logout().catch(() => undefined);
        fx.storage.clearAll();
        fx.rememberLanguage?.(null);
        fx.api.clearCache();
        await fx.clearCaches().catch(() => undefined);
      }),
    },
  };
}
