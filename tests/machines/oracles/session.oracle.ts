import { expect } from 'vitest';
import type { sessionMachine } from '../../../machines/session';
import {
  selectIsExpiringSoon,
  selectIsLoggedIn,
  selectIsRestoring,
  selectToken,
  selectUser,
} from '../../../machines/session';
import type { User } from '../../../machines/types';
import type { Harness, Oracle } from '../modelHarness';
import { CallLog, ModelClock } from './observe';

// docs/product.md §4, §5 and §9 "Session", and docs/design.md, written again without the machine: logged in means a token
// that is not expired (missing, or at/after its expiry, is expired); 'expiring soon' means under 5 minutes
// left; an expiry while the app is open logs out at that instant; logout (and an expired token found at
// start) ends the session through the app's clearSession, which clears local storage and caches. Issue 18:
// never a logged-in session without its user (a stored token whose user cannot be read ends at start like
// an expired one). A browser
// fires a setTimeout longer than 2^31-1 ms at once, so no timer may be armed further than that.

const SPEC = { expiringSoon: 5 * 60_000, timerCeiling: 2 ** 31 - 1 };
const AFTER = {
  untilExpiry: 'xstate.after.untilExpiry.session.loggedIn',
  untilExpiringSoon: 'xstate.after.untilExpiringSoon.session.loggedIn.active',
};

type Machine = typeof sessionMachine;
type Phase = 'restoring' | 'loggedIn' | 'loggedOut' | 'endingSession';

interface Credentials {
  token: string | null;
  user: User | null;
  expiresAt: number | null;
}

const isLive = (c: Credentials, now: number) => Boolean(c.token) && c.expiresAt !== null && now < c.expiresAt;
/** What a restore or a login needs to log in: a live token and the student it belongs to. */
const opensSession = (c: Credentials, now: number) => isLive(c, now) && c.user !== null;

/** When a pending timer of the machine falls due, on the simulated clock; null when none is pending. */
function dueOf(harness: Harness<Machine>, type: string): number | null {
  try {
    return harness.timer(type).due;
  } catch {
    return null;
  }
}

export const sessionOracle: Oracle<Machine> = () => {
  let phase: Phase = 'restoring';
  let held: Credentials = { token: null, user: null, expiresAt: null };
  const clock = new ModelClock();
  const calls = new CallLog();
  let markFired = false;

  return (harness, { event }) => {
    const ends = calls.newCalls(harness.fakes, 'clearSession');
    const endSession = () => {
      phase = 'endingSession';
      expect(
        ends.map((call) => call.input),
        'the session is cleared, for its own token',
      ).toEqual([{ token: held.token }]);
    };
    let ended = false;
    // The app's clock comes with the events; a refused login's reading is not taken (its samples are dated
    // at the model's start, whatever time the path has reached).
    const credentials = event as unknown as Credentials & { now: number };
    const accepted =
      event.type === 'session.login' &&
      (phase === 'loggedIn' || phase === 'loggedOut') &&
      opensSession(credentials, credentials.now);
    if (event.type === 'session.restore' || event.type === 'session.tick' || accepted)
      clock.set(credentials.now, harness);
    const now = clock.read(harness);
    switch (event.type) {
      case 'session.restore':
        if (opensSession(credentials, now)) [phase, held] = ['loggedIn', { ...credentials }];
        else if (credentials.token) {
          held = { ...credentials };
          endSession();
          ended = true;
        } else phase = 'loggedOut';
        break;
      case 'session.login':
        if (accepted) [phase, held] = ['loggedIn', { ...credentials }];
        break;
      case 'session.logout':
        if (phase === 'loggedIn') {
          endSession();
          ended = true;
        }
        break;
      case 'session.userUpdated':
        if (phase === 'loggedIn') held = { ...held, user: event.user as User };
        break;
      case 'xstate.done.actor.clearSession':
      case 'xstate.error.actor.clearSession':
        // The device is logged out whether or not the server heard of it.
        [phase, held] = ['loggedOut', { token: null, user: null, expiresAt: null }];
        break;
    }
    // A tick after sleep, or a timer: the session ends exactly when the clock reaches its expiry.
    if (phase === 'loggedIn' && !isLive(held, now)) {
      endSession();
      ended = true;
    }
    if (!ended) expect(ends, `nothing is cleared on ${event.type}`).toEqual([]);

    const loggedIn = phase === 'loggedIn';
    expect(selectIsRestoring(harness.snapshot)).toBe(phase === 'restoring');
    expect(selectIsLoggedIn(harness.snapshot), `logged in after ${event.type}`).toBe(loggedIn);
    expect(selectToken(harness.snapshot)).toBe(loggedIn ? held.token : null);
    expect(selectUser(harness.snapshot)).toEqual(loggedIn ? held.user : null);
    if (phase === 'loggedOut') expect(harness.snapshot.context.token, 'nothing kept after logout').toBeNull();

    const left = loggedIn && held.expiresAt !== null ? held.expiresAt - now : Number.POSITIVE_INFINITY;
    // Under 5 minutes. The mark's own timer fires at exactly 5:00 left and says so already: at that one
    // instant the machine is a millisecond ahead of "under" (noted in tests/machines/README.md).
    if (left !== SPEC.expiringSoon) markFired = false;
    else if (event.type === AFTER.untilExpiringSoon) markFired = true;
    const atMark = markFired;
    expect(selectIsExpiringSoon(harness.snapshot), `expiring soon with ${left} ms left`).toBe(
      left < SPEC.expiringSoon || atMark,
    );
    if (!loggedIn || held.expiresAt === null) return;
    // The timers that end the session and announce its end are never late, nor beyond a browser's reach.
    const clockOf = (modelTime: number) => harness.clock.now() + modelTime - now;
    const expiryDue = dueOf(harness, AFTER.untilExpiry);
    expect(expiryDue, 'the expiry timer').not.toBeNull();
    expect(expiryDue ?? 0).toBeLessThanOrEqual(clockOf(held.expiresAt));
    expect((expiryDue ?? 0) - harness.clock.now()).toBeLessThanOrEqual(SPEC.timerCeiling);
    if (left < SPEC.timerCeiling) expect(expiryDue, 'logged out at expiry').toBe(clockOf(held.expiresAt));
    if (left >= SPEC.expiringSoon && !atMark) {
      const markDue = dueOf(harness, AFTER.untilExpiringSoon);
      expect(markDue, 'the expiring-soon timer').not.toBeNull();
      expect(markDue ?? 0).toBeLessThanOrEqual(clockOf(held.expiresAt - SPEC.expiringSoon));
    }
  };
};
