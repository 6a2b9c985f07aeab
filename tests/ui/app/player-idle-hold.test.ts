import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  holdIdleWorkForPlayer,
  PLAYER_HOLD_MAX_MS,
  type RouteEvents,
  releaseIdleWork,
} from '../../../src/app/player-idle-hold';
import { holdAppStable, isAppStableHeld, whenAppStable } from '../../../src/services/pwa/app-stable';

// Issue 19: when the app opens on a lesson, its idle-time work (PWA machines and workbox-window, the planner
// and its sync, the overlays) waits for the lesson's first frame instead of sharing the link with it.

/** A page already loaded whose main thread is idle at once: only a hold can delay the work. */
const idlePage = {
  addEventListener: vi.fn(),
  removeEventListener: vi.fn(),
  setTimeout: vi.fn(),
  document: { readyState: 'complete' as DocumentReadyState },
  requestIdleCallback: (callback: () => void) => {
    callback();
    return 1;
  },
} as unknown as Window;

afterEach(() => releaseIdleWork());

describe('idle-time work while a lesson starts', () => {
  it('waits while the player holds it, and runs once the player lets it go', () => {
    holdIdleWorkForPlayer(() => undefined);
    const work = vi.fn();
    whenAppStable(work, idlePage);
    expect(work).not.toHaveBeenCalled();
    expect(isAppStableHeld()).toBe(true);
    releaseIdleWork();
    expect(work).toHaveBeenCalledTimes(1);
    // Let go once: nothing runs twice, and later work runs at once.
    releaseIdleWork();
    whenAppStable(work, idlePage);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('goes after PLAYER_HOLD_MAX_MS when the lesson never gets to play', () => {
    const timers: Array<{ run: () => void; ms: number }> = [];
    holdIdleWorkForPlayer((run, ms) => timers.push({ run, ms }));
    const work = vi.fn();
    whenAppStable(work, idlePage);
    expect(timers.map((timer) => timer.ms)).toEqual([PLAYER_HOLD_MAX_MS]);
    timers[0]?.run();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('goes when the route leaves the player, even if the player never mounted', () => {
    // A visitor's lesson link: the protected route redirects to the landing (a replace, which wouter tells
    // with a hashchange) before any player exists to let the hold go.
    const page = Object.assign(new EventTarget(), { location: { hash: '#/video-player?videoId=v1' } });
    holdIdleWorkForPlayer(() => undefined, page as unknown as RouteEvents);
    const work = vi.fn();
    whenAppStable(work, idlePage);
    // Another lesson is still the player: the hold stays.
    page.location.hash = '#/video-player?videoId=v2';
    page.dispatchEvent(new Event('hashchange'));
    expect(work).not.toHaveBeenCalled();
    page.location.hash = '#/';
    page.dispatchEvent(new Event('hashchange'));
    expect(work).toHaveBeenCalledTimes(1);
    expect(isAppStableHeld()).toBe(false);
  });

  it('waits for every hold, and forgets work cancelled meanwhile', () => {
    const releaseOther = holdAppStable();
    holdIdleWorkForPlayer(() => undefined);
    const work = vi.fn();
    const cancelled = vi.fn();
    whenAppStable(work, idlePage);
    whenAppStable(cancelled, idlePage)();
    releaseIdleWork();
    expect(work).not.toHaveBeenCalled();
    releaseOther();
    expect(work).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
