import type { Endpoints } from '../services/api/endpoints';
import { whenAppStable } from '../services/pwa/app-stable';
import { preloadScreenFor } from './AppRoutes';
import { prefetchRouteData, routeFor } from './route-lookup';

/**
 * What the next screen needs starts loading before it renders (issue 19). A finger on a link fetches the
 * screen's code (once for all lessons: a scroll that starts on a card costs nothing more); the tap itself
 * asks for the screen's data (a lesson's access and signed URLs), before the router has even seen the new
 * location. A screen that lists lessons fetches the player's code once the app is idle, so a tap waits for
 * the lesson's data only. Other navigations (keyboard, the app's own) ask when the location changes.
 */
export function prefetchOnNavigation(win: Window, api: Endpoints, hasSession: () => boolean): void {
  let asked: string | null = null;
  const askData = (hash: string) => {
    if (hash === asked) return;
    asked = hash;
    prefetchRouteData(hash, api, hasSession());
  };
  const linkOf = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="#/"]') : null;
    return link?.getAttribute('href') ?? null;
  };
  const preloadLinked = (hash: string) => {
    const links = routeFor(hash)?.links ?? [];
    if (links.length > 0)
      whenAppStable(() => links.forEach((path) => void preloadScreenFor(`#${path}`)), win);
  };

  win.document.addEventListener(
    'pointerdown',
    (event) => {
      const href = linkOf(event);
      if (href) void preloadScreenFor(href);
    },
    { capture: true, passive: true },
  );
  // Capture: before the router's own click handler changes the location and renders.
  win.document.addEventListener(
    'click',
    (event) => {
      const href = linkOf(event);
      if (href) askData(href);
    },
    { capture: true },
  );
  win.addEventListener('hashchange', () => {
    askData(win.location.hash);
    preloadLinked(win.location.hash);
  });
  asked = win.location.hash;
  preloadLinked(win.location.hash);
}
