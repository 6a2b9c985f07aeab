import type { InstallOutcome, InstallPromptEvent } from '../../../machines/installPrompt';

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: InstallOutcome; platform?: string }>;
}

type BrowserInstallEvent = Extract<InstallPromptEvent, { type: 'install.available' | 'install.installed' }>;

/** The install capability as the installPrompt machine sees it (docs/style.md 5). */
export interface InstallPromptBridge {
  /** iPhone/iPad Safari: no prompt, the banner explains Share → Add to Home Screen. */
  readonly isIos: boolean;
  /** Opened from the home screen (display-mode standalone, or iOS's navigator.standalone). */
  readonly isStandalone: boolean;
  /** Shows the captured browser prompt once and resolves with the student's choice. */
  prompt(): Promise<InstallOutcome>;
  subscribe(listener: (event: BrowserInstallEvent) => void): () => void;
}

export interface InstallEnvironment {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** iOS Safari's own flag for a home-screen launch. */
  standalone?: boolean;
  matchMedia?: (query: string) => { matches: boolean };
}

/** iPhone, iPod, or an iPad (which since iPadOS 13 says it is a Mac, but has a touch screen). */
export function detectIos(
  env: Pick<InstallEnvironment, 'userAgent' | 'platform' | 'maxTouchPoints'>,
): boolean {
  if (/iPad|iPhone|iPod/.test(env.userAgent)) return true;
  return env.platform === 'MacIntel' && env.maxTouchPoints > 1;
}

export function detectStandalone(env: Pick<InstallEnvironment, 'standalone' | 'matchMedia'>): boolean {
  if (env.standalone === true) return true;
  return env.matchMedia?.('(display-mode: standalone)').matches === true;
}

function browserEnvironment(): InstallEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  const env: InstallEnvironment = {
    userAgent: nav.userAgent,
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    matchMedia: (query) => window.matchMedia(query),
  };
  if (nav.standalone !== undefined) env.standalone = nav.standalone;
  return env;
}

/**
 * Listens at once: Chromium may fire `beforeinstallprompt` before React renders, so the bridge is created
 * at the composition root and keeps the event until the machine asks for it.
 */
export function createInstallPromptBridge(
  target: Pick<Window, 'addEventListener'> = window,
  env: InstallEnvironment = browserEnvironment(),
): InstallPromptBridge {
  const listeners = new Set<(event: BrowserInstallEvent) => void>();
  const pending: BrowserInstallEvent[] = [];
  const emit = (event: BrowserInstallEvent) => {
    // Events before anyone subscribed are replayed to the first subscriber.
    if (listeners.size === 0) pending.push(event);
    for (const listener of listeners) listener(event);
  };
  let deferred: BeforeInstallPromptEvent | null = null;

  target.addEventListener('beforeinstallprompt', (event) => {
    // Keeps Chromium's own mini-infobar away: the app's banner offers the install instead.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit({ type: 'install.available' });
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    emit({ type: 'install.installed' });
  });

  return {
    isIos: detectIos(env),
    isStandalone: detectStandalone(env),
    async prompt() {
      const event = deferred;
      if (!event) throw new Error('No install prompt was offered by the browser');
      // A captured prompt can be shown once.
      deferred = null;
      await event.prompt();
      const choice = await event.userChoice;
      return choice.outcome;
    },
    subscribe(listener) {
      listeners.add(listener);
      for (const event of pending.splice(0)) listener(event);
      return () => listeners.delete(listener);
    },
  };
}
