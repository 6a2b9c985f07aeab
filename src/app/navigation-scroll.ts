import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { navigate as navigateHash } from 'wouter/use-hash-location';

/**
 * Issue 18: a new page opens at its top. Hash routing keeps the document, so without this the next screen
 * opened where the last one had been scrolled to (after registering, Home opened halfway down). The app's
 * own navigations (links, redirects, `navigate`) say whether they add a history entry; a change that none
 * of them announced is the browser's (Back, Forward, an edited address), whose position the browser restores
 * (history.scrollRestoration 'auto'), so it is left alone.
 */
type Announced = 'push' | 'replace';

let announced: Announced | null = null;

/** wouter's hash navigation, announced: every navigation of the app goes through here. */
export function navigateAnnounced(to: string, options?: { replace?: boolean; state?: unknown }): void {
  announced = options?.replace ? 'replace' : 'push';
  navigateHash(to, options);
}

if (typeof window !== 'undefined') {
  // Back and Forward fire popstate before the location changes: whatever was announced earlier is stale.
  window.addEventListener('popstate', () => {
    announced = null;
  });
}

// wouter tells every navigation with a hashchange event, its own too; Back and Forward also fire popstate.
const subscribeLocation = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
};

/** The route (the hash's path) and its query (wouter keeps it in the page's search, `/?videoId=…#/…`). */
const currentLocation = () => `${window.location.hash.split('?')[0]}|${window.location.search}`;

/**
 * Scrolls to the top when the route changes, or when a new entry opens the same route with another query
 * (the next video); a query replaced in place (a filter, a tab) keeps the position.
 */
export function useScrollToTopOnNavigation(): void {
  const location = useSyncExternalStore(subscribeLocation, currentLocation, () => '');
  const previous = useRef(location);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = location;
    const kind = announced;
    announced = null;
    if (before === location || kind === null) return;
    const routeOf = (value: string) => value.split('|')[0];
    if (kind === 'push' || routeOf(before) !== routeOf(location)) window.scrollTo(0, 0);
  }, [location]);
}
