import { useEffect } from 'react';
import { holdAppStable } from '../services/pwa/app-stable';
import { hashPath } from './first-screen';
import { PLAYER_PATH } from './player-path';

/**
 * When the app opens on a lesson (issue 19), its idle-time work (the PWA machines and workbox-window, the
 * planner and its sync, expired downloads' clean-up, the overlays: their code and their calls) waits for
 * the lesson's first frame, so it does not share a slow link with the lesson's first second. The player
 * lets it go once the video plays, once the student has waited without pressing Play (the up-next list's
 * moment: src/screens/VideoPlayer/PlayerScreen.tsx), when there is nothing to play, or when it goes away;
 * the route lets it go when it leaves the player, even if the player never mounted (a visitor's lesson link
 * is redirected to the landing, whose PWA layer must not wait); a lesson that never gets there lets it go
 * after PLAYER_HOLD_MAX_MS.
 */
export const PLAYER_HOLD_MAX_MS = 15_000;

let release: (() => void) | null = null;

/** What the hold watches of the page: its route (wouter's navigations and Back/Forward fire hashchange). */
export type RouteEvents = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  location: Pick<Location, 'hash'>;
};

/** Takes the hold (src/main.tsx, when the location is the player's). */
export function holdIdleWorkForPlayer(
  setTimer: (run: () => void, ms: number) => unknown = setTimeout,
  page: RouteEvents = window,
): void {
  if (release) return;
  const letGo = holdAppStable();
  // Another lesson (the same route, another query) keeps the hold: only another route ends it.
  const onRouteChange = () => {
    if (hashPath(page.location.hash) !== PLAYER_PATH) releaseIdleWork();
  };
  page.addEventListener('hashchange', onRouteChange);
  release = () => {
    page.removeEventListener('hashchange', onRouteChange);
    letGo();
  };
  setTimer(releaseIdleWork, PLAYER_HOLD_MAX_MS);
}

export function releaseIdleWork(): void {
  release?.();
  release = null;
}

/** The player's side: lets the idle-time work go once `started`, or when the player unmounts. */
export function useIdleWorkAfterStart(started: boolean): void {
  useEffect(() => {
    if (started) releaseIdleWork();
  }, [started]);
  useEffect(() => releaseIdleWork, []);
}
