import type { SnapshotFrom } from 'xstate';
import { setup } from 'xstate';
import type { MessageKey, Toast } from './messages';
import { notProvided } from './notProvided';

// docs/product.md §2 "Install prompt banner" and §4: shown when the app is installable (the browser fired
// beforeinstallprompt) or on iOS, and not dismissed; install, or show the iOS instructions; dismissing is
// persisted (`pwa-install-dismissed`); 'App installed successfully!' once installed.

export const INSTALL_PROMPT_DELAYS = {
  installedToast: 3_000,
} as const;

export type InstallOutcome = 'accepted' | 'dismissed';

export type InstallPromptEvent =
  /** The app captured `beforeinstallprompt`. */
  | { type: 'install.available' }
  | { type: 'install.accept' }
  | { type: 'install.showInstructions' }
  | { type: 'install.dismiss' }
  /** The browser fired `appinstalled`. */
  | { type: 'install.installed' };

export interface InstallPromptInput {
  readonly dismissed: boolean;
  readonly isIos: boolean;
  readonly isStandalone: boolean;
}

export const installPromptMachine = setup({
  types: {
    context: {} as InstallPromptInput,
    events: {} as InstallPromptEvent,
    input: {} as InstallPromptInput,
  },
  actors: {
    /** Provided by the app: calls `prompt()` on the captured event and resolves with the user's choice. */
    promptInstall: notProvided<InstallOutcome, void>('promptInstall'),
  },
  actions: {
    /** Provided by the app: writes `pwa-install-dismissed`. */
    persistDismissed: () => {},
    /** Provided by the app: shows a toast for `durationMs`. */
    showToast: (_, _params: Toast) => {},
  },
  guards: {
    isStandalone: ({ context }) => context.isStandalone,
    wasDismissed: ({ context }) => context.dismissed,
    isIos: ({ context }) => context.isIos,
    userAccepted: (_, params: { outcome: InstallOutcome }) => params.outcome === 'accepted',
  },
}).createMachine({
  id: 'installPrompt',
  context: ({ input }) => input,
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: 'isStandalone', target: 'runningInstalled' },
        { guard: 'wasDismissed', target: 'dismissed' },
        { guard: 'isIos', target: 'offeringIos' },
        { target: 'waitingForPrompt' },
      ],
    },
    waitingForPrompt: {
      on: {
        'install.available': 'offering',
        'install.installed': 'installed',
      },
    },
    offering: {
      on: {
        'install.accept': 'installing',
        'install.dismiss': { target: 'dismissed', actions: 'persistDismissed' },
        'install.installed': 'installed',
      },
    },
    installing: {
      invoke: {
        id: 'promptInstall',
        src: 'promptInstall',
        onDone: [
          {
            guard: { type: 'userAccepted', params: ({ event }) => ({ outcome: event.output }) },
            target: 'installed',
          },
          // A captured prompt can be used once: the banner hides until the browser offers a new one.
          { target: 'waitingForPrompt' },
        ],
        onError: 'waitingForPrompt',
      },
    },
    // iOS has no install prompt: the banner explains Share → Add to Home Screen instead.
    offeringIos: {
      initial: 'collapsed',
      on: {
        'install.dismiss': { target: 'dismissed', actions: 'persistDismissed' },
      },
      states: {
        collapsed: { on: { 'install.showInstructions': 'instructionsVisible' } },
        instructionsVisible: {},
      },
    },
    // Not final: the browser may still fire appinstalled after an accepted prompt; it is simply ignored.
    installed: {
      entry: {
        type: 'showToast',
        params: { key: 'appInstalled', durationMs: INSTALL_PROMPT_DELAYS.installedToast },
      },
    },
    /** Opened from the home screen: already installed, nothing to offer and nothing to announce. */
    runningInstalled: {},
    // Installing from the browser's own menu after dismissing the banner is still an installation.
    dismissed: { on: { 'install.installed': 'installed' } },
  },
});

export type InstallPromptSnapshot = SnapshotFrom<typeof installPromptMachine>;

export type InstallBanner =
  | { readonly mode: 'install'; readonly messageKey: MessageKey }
  | { readonly mode: 'ios'; readonly messageKey: MessageKey; readonly instructionsVisible: boolean };

/** What the banner shows, or null when it is hidden. */
export const selectInstallBanner = (snapshot: InstallPromptSnapshot): InstallBanner | null => {
  if (snapshot.matches('offering')) return { mode: 'install', messageKey: 'installInvitation' };
  if (snapshot.matches('offeringIos')) {
    return {
      mode: 'ios',
      messageKey: 'iosInstallInstructions',
      instructionsVisible: snapshot.matches({ offeringIos: 'instructionsVisible' }),
    };
  }
  return null;
};
export const selectIsBannerVisible = (snapshot: InstallPromptSnapshot): boolean =>
  selectInstallBanner(snapshot) !== null;
export const selectIsInstalling = (snapshot: InstallPromptSnapshot): boolean =>
  snapshot.matches('installing');
