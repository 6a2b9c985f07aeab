import type { Language } from '../../machines/language';

/**
 * What the shell (navbar, route guard, the landing's calls to action) shows of the session, the cart and
 * the language. The root actors decide it; until their code has loaded (issue 12: XState is not on the
 * landing's first screen), it is what the prerendered page shows, which the page's inline script checked
 * against storage before the first paint (src/app/first-screen-boot.ts).
 */
export interface ShellView {
  readonly isLoggedIn: boolean;
  readonly cartCount: number;
  /** The language to render in: the one in use, or the one being loaded at start. */
  readonly language: Language;
  /** A dictionary is in use: nothing is drawn before, so no untranslated key ever flashes. */
  readonly translated: boolean;
  /** The view comes from the root actors (false: from the prerendered page, until they have loaded). */
  readonly live: boolean;
}

/** The actors' view of the shell, as src/app/create-app-actors.ts derives it with the machines' selectors. */
export interface ShellViewSource {
  getSnapshot(): ShellView;
  subscribe(listener: () => void): { unsubscribe(): void };
}

/**
 * Holds the shell's view: the first one until `follow` hands it over to the actors', then theirs. It keeps
 * no state of its own and decides nothing: the machines do.
 */
export interface ShellViewStore {
  getSnapshot(): ShellView;
  /** The view the page was served with: what hydration must render (useSyncExternalStore's server snapshot). */
  getFirstSnapshot(): ShellView;
  subscribe(listener: () => void): () => void;
  follow(source: ShellViewSource): void;
}

export function createShellViewStore(first: ShellView): ShellViewStore {
  let current = first;
  const listeners = new Set<() => void>();
  const publish = (next: ShellView) => {
    if (sameView(next, current)) return;
    current = next;
    for (const listener of listeners) listener();
  };
  let following: { unsubscribe(): void } | null = null;
  return {
    getSnapshot: () => current,
    getFirstSnapshot: () => first,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    follow(source) {
      following?.unsubscribe();
      following = source.subscribe(() => publish(source.getSnapshot()));
      publish(source.getSnapshot());
    },
  };
}

function sameView(a: ShellView, b: ShellView): boolean {
  return (
    a.isLoggedIn === b.isLoggedIn &&
    a.cartCount === b.cartCount &&
    a.language === b.language &&
    a.translated === b.translated &&
    a.live === b.live
  );
}
