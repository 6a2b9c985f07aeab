import { useEffect } from 'react';
import { holdAppStable } from '../services/pwa/app-stable';

/**
 * When the app opens on a lesson (issue 19), its idle-time work (the PWA machines and workbox-window, the
 * planner and its sync, expired downloads' clean-up, the overlays: their code and their calls) waits for
 * the lesson's first frame, so it does not share a slow link with the lesson's first second. The player
 * lets it go once the video plays, once the student has waited without pressing Play (the up-next list's
 * moment: src/screens/VideoPlayer/PlayerScreen.tsx), when there is nothing to play, or when it goes away;
 * a lesson that never gets there lets it go after PLAYER_HOLD_MAX_MS.
 */
export const PLAYER_HOLD_MAX_MS = 15_000;

let release: (() => void) | null = null;

/** Takes the hold (src/main.tsx, when the location is the player's). */
export function holdIdleWorkForPlayer(setTimer: (run: () => void, ms: number) => unknown = setTimeout): void {
  if (release) return;
  release = holdAppStable();
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
