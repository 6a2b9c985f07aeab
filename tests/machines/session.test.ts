import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import type { SessionEvent } from '../../machines/session';
import {
  SESSION_DELAYS,
  selectIsExpiringSoon,
  selectIsLoggedIn,
  selectToken,
  selectUser,
  sessionMachine,
} from '../../machines/session';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';
import {
  AFTER,
  createSessionHarness,
  DAY,
  EXPIRED,
  HOUR,
  LIVE,
  LONG_LIVED,
  MISSING,
  NOW,
  STUDENT,
} from './session.model';

/** A timer's own event, which XState raises internally and so is not one of the machine's typed events. */
const timerFired = (type: string) => ({ type }) as unknown as SessionEvent;

describe('session machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.session);
    console.log(`session: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  });

  it('restored mid-session: expiring soon exactly 5 minutes before expiresAt, logged out at expiresAt', async () => {
    const harness = createSessionHarness();
    harness.start();
    // The token was issued earlier; 20 minutes are left when the app opens.
    const expiresAt = NOW + 20 * 60_000;
    await harness.send({ type: 'session.restore', ...LIVE, expiresAt });
    expect(selectIsLoggedIn(harness.snapshot)).toBe(true);
    expect(selectUser(harness.snapshot)).toEqual(STUDENT);
    const opened = harness.clock.now();

    harness.clock.set(opened + 15 * 60_000 - 1);
    expect(selectIsExpiringSoon(harness.snapshot)).toBe(false);
    harness.clock.set(opened + 15 * 60_000);
    expect(selectIsExpiringSoon(harness.snapshot)).toBe(true);

    harness.clock.set(opened + 20 * 60_000 - 1);
    expect(selectIsLoggedIn(harness.snapshot)).toBe(true);
    harness.clock.set(opened + 20 * 60_000);
    expect(selectIsLoggedIn(harness.snapshot)).toBe(false);
    expect(harness.fakes.pending('clearSession').input).toEqual({ token: LIVE.token });
    await harness.resolve('clearSession', undefined);
    expect(harness.snapshot.value).toBe('loggedOut');
    expect(SESSION_DELAYS.expiringSoonThreshold).toBe(300_000);
  });

  it('a 40-day token stays logged in past the 24.8-day timer ceiling, then expires exactly on time', async () => {
    // Browsers fire a longer setTimeout at once: no timer may be armed beyond 2^31-1 ms.
    expect(SESSION_DELAYS.timerCeiling).toBe(2 ** 31 - 1);
    const ceiling = SESSION_DELAYS.timerCeiling;
    const harness = createSessionHarness();
    harness.start();
    await harness.send({ type: 'session.restore', ...MISSING });
    await harness.send({ type: 'session.login', ...LONG_LIVED });
    const loggedInAt = harness.clock.now();
    expect(harness.timer(AFTER.untilExpiry).delay).toBe(ceiling);
    expect(harness.timer(AFTER.untilExpiringSoon).delay).toBe(ceiling);

    harness.clock.set(loggedInAt + 24.8 * DAY);
    expect(selectIsLoggedIn(harness.snapshot)).toBe(true);
    expect(selectIsExpiringSoon(harness.snapshot)).toBe(false);

    // The clamped timers fire at the ceiling: re-armed for what is left, nothing else changes.
    await harness.fireTimer(AFTER.untilExpiry);
    expect(harness.snapshot.value).toEqual({ loggedIn: 'active' });
    expect(selectToken(harness.snapshot)).toBe(LONG_LIVED.token);
    expect(harness.fakes.calls).toEqual([]);
    const left = 40 * DAY - ceiling;
    expect(harness.timer(AFTER.untilExpiry).delay).toBe(left);
    expect(harness.timer(AFTER.untilExpiringSoon).delay).toBe(left - SESSION_DELAYS.expiringSoonThreshold);

    harness.clock.set(loggedInAt + 39 * DAY);
    expect(selectIsLoggedIn(harness.snapshot)).toBe(true);
    expect(selectIsExpiringSoon(harness.snapshot)).toBe(false);

    const expiry = loggedInAt + 40 * DAY;
    harness.clock.set(expiry - 5 * 60_000 - 1);
    expect(selectIsExpiringSoon(harness.snapshot)).toBe(false);
    harness.clock.set(expiry - 5 * 60_000);
    expect(selectIsExpiringSoon(harness.snapshot)).toBe(true);

    harness.clock.set(expiry - 1);
    expect(selectIsLoggedIn(harness.snapshot)).toBe(true);
    harness.clock.set(expiry);
    expect(harness.snapshot.value).toBe('loggingOut');
    expect(harness.fakes.pending('clearSession').input).toEqual({ token: LONG_LIVED.token });
  });

  it('a token expiring just past the ceiling stays expiring soon across the re-arm', async () => {
    const ceiling = SESSION_DELAYS.timerCeiling;
    const harness = createSessionHarness();
    harness.start();
    await harness.send({ type: 'session.restore', ...LIVE, expiresAt: NOW + ceiling + 2 * 60_000 });
    const opened = harness.clock.now();
    expect(harness.timer(AFTER.untilExpiry).delay).toBe(ceiling);

    await harness.fireTimer(AFTER.untilExpiringSoon);
    expect(harness.clock.now()).toBe(opened + ceiling - 3 * 60_000);
    expect(selectIsExpiringSoon(harness.snapshot)).toBe(true);

    await harness.fireTimer(AFTER.untilExpiry);
    expect(harness.clock.now()).toBe(opened + ceiling);
    expect(harness.snapshot.value).toEqual({ loggedIn: 'expiringSoon' });
    expect(harness.timer(AFTER.untilExpiry).delay).toBe(2 * 60_000);

    await harness.fireTimer(AFTER.untilExpiry);
    expect(harness.clock.now()).toBe(opened + ceiling + 2 * 60_000);
    expect(harness.snapshot.value).toBe('loggingOut');
  });

  it('a clamped "expiring soon" timer fired before the expiry timer is ignored, and the expiry one re-arms', () => {
    // Both clamped timers fall due at the same instant; runtimes order them by scheduling, which the
    // machine must not depend on. Up to the boundary where 'expiring soon' is exactly the ceiling away.
    const ceiling = SESSION_DELAYS.timerCeiling;
    for (const expiresAt of [NOW + 40 * DAY, NOW + ceiling + SESSION_DELAYS.expiringSoonThreshold]) {
      const [restoring] = initialTransition(sessionMachine);
      const [loggedIn] = transition(sessionMachine, restoring, {
        type: 'session.restore',
        ...LIVE,
        expiresAt,
      });
      const [afterSoon] = transition(sessionMachine, loggedIn, timerFired(AFTER.untilExpiringSoon));
      expect(afterSoon.value).toEqual({ loggedIn: 'active' });
      expect(afterSoon.context).toEqual(loggedIn.context);
      const [rearmed] = transition(sessionMachine, afterSoon, timerFired(AFTER.untilExpiry));
      expect(rearmed.value).toEqual({ loggedIn: 'active' });
      expect(rearmed.context).toEqual({ ...loggedIn.context, now: NOW + ceiling });
    }
  });

  it('a token expiring exactly at the ceiling is logged out by the first timer, not re-armed', async () => {
    const harness = createSessionHarness();
    harness.start();
    await harness.send({ type: 'session.restore', ...LIVE, expiresAt: NOW + SESSION_DELAYS.timerCeiling });
    await harness.fireTimer(AFTER.untilExpiringSoon);
    await harness.fireTimer(AFTER.untilExpiry);
    expect(harness.snapshot.value).toBe('loggingOut');
    // The clock the machine holds is still the login's: the expiry timer was not taken for a clamped one.
    expect(harness.snapshot.context.now).toBe(NOW);
  });

  it('a 1-hour token: expiring soon at 55 minutes, logged out at 60, as before the ceiling', async () => {
    const harness = createSessionHarness();
    harness.start();
    await harness.send({ type: 'session.restore', ...MISSING });
    await harness.send({ type: 'session.login', ...LIVE });
    const loggedInAt = harness.clock.now();
    expect(harness.timer(AFTER.untilExpiry).delay).toBe(HOUR);
    expect(harness.timer(AFTER.untilExpiringSoon).delay).toBe(55 * 60_000);

    await harness.fireTimer(AFTER.untilExpiringSoon);
    expect(harness.clock.now()).toBe(loggedInAt + 55 * 60_000);
    expect(harness.snapshot.value).toEqual({ loggedIn: 'expiringSoon' });
    await harness.fireTimer(AFTER.untilExpiry);
    expect(harness.clock.now()).toBe(loggedInAt + HOUR);
    expect(harness.snapshot.value).toBe('loggingOut');
    expect(harness.snapshot.context).toEqual({ ...LIVE });
  });

  it('is expiring soon at 4:59 left, not at 5:00', async () => {
    for (const [left, soon] of [
      [5 * 60_000, false],
      [5 * 60_000 - 1_000, true],
    ] as const) {
      const harness = createSessionHarness();
      harness.start();
      await harness.send({ type: 'session.restore', ...LIVE, expiresAt: NOW + left });
      expect(selectIsExpiringSoon(harness.snapshot)).toBe(soon);
    }
  });

  it('treats a missing or expired token as logged out, and cleans an expired one away', async () => {
    const missing = createSessionHarness();
    missing.start();
    await missing.send({ type: 'session.restore', ...MISSING });
    expect(missing.snapshot.value).toBe('loggedOut');
    expect(missing.fakes.calls).toEqual([]);

    const expired = createSessionHarness();
    expired.start();
    await expired.send({ type: 'session.restore', ...EXPIRED });
    expect(selectIsLoggedIn(expired.snapshot)).toBe(false);
    await expired.reject('clearSession', new Error('offline'));
    expect(expired.snapshot.value).toBe('loggedOut');
  });

  it('a tick after the phone slept logs out a session that expired meanwhile', async () => {
    const harness = createSessionHarness();
    harness.start();
    await harness.send({ type: 'session.restore', ...LIVE });
    await harness.send({ type: 'session.tick', now: NOW + HOUR });
    expect(harness.snapshot.value).toBe('loggingOut');
    expect(() => harness.timer(AFTER.untilExpiry)).toThrow();
  });

  it('logout ends logged out even when the server call fails', async () => {
    const harness = createSessionHarness();
    harness.start();
    await harness.send({ type: 'session.restore', ...MISSING });
    await harness.send({ type: 'session.login', ...LIVE });
    expect(selectIsLoggedIn(harness.snapshot)).toBe(true);
    await harness.send({ type: 'session.logout' });
    await harness.reject('clearSession', new Error('Network error'));
    expect(harness.snapshot.value).toBe('loggedOut');
    expect(selectToken(harness.snapshot)).toBeNull();
  });
});
