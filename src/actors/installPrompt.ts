import { fromPromise } from 'xstate';
import type { installPromptMachine } from '../../machines/installPrompt';
import type { Toast } from '../../machines/messages';
import type { PwaEffects } from '../services/pwa/pwa-effects';
import type { AppStorage } from '../services/storage';

/** The install prompt machine's effects: the browser's prompt, the kept dismissal, the toast. */
export function installPromptActors(
  pwa: Pick<PwaEffects, 'installPrompt'>,
  storage: Pick<AppStorage, 'setInstallDismissed'>,
  ui: { showToast(toast: Toast): void },
): Parameters<typeof installPromptMachine.provide>[0] {
  return {
    actors: { promptInstall: fromPromise(() => pwa.installPrompt.prompt()) },
    actions: {
      persistDismissed: () => void storage.setInstallDismissed(),
      showToast: (_, toast) => ui.showToast(toast),
    },
  };
}
