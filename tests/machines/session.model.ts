import type { AnyEventObject } from 'xstate';
import type { SessionCredentials, SessionEvent, SessionSnapshot } from '../../machines/session';
import { SESSION_DELAYS, sessionMachine } from '../../machines/session';
import type { User } from '../../machines/types';
import { amina } from '../ui/screens/account-fixtures';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

export const NOW = 1_750_000_000_000;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const STUDENT: User = { ...amina, id: 'u-1' };
export const UPDATED_STUDENT: User = { ...STUDENT, profilePicture: '/media/u-1.webp' };

export const LIVE: SessionCredentials = { token: 'jwt.live', user: STUDENT, expiresAt: NOW + HOUR, now: NOW };
/** Two minutes left: already under the 5-minute threshold. */
export const NEARLY_EXPIRED: SessionCredentials = {
  token: 'jwt.soon',
  user: STUDENT,
  expiresAt: NOW + 120_000,
  now: NOW,
};
export const EXPIRED: SessionCredentials = { token: 'jwt.old', user: STUDENT, expiresAt: NOW - 1, now: NOW };
/** A backend with long-lived JWTs: further away than a browser timer can reach (~24.8 days). */
export const LONG_LIVED: SessionCredentials = {
  token: 'jwt.long',
  user: STUDENT,
  expiresAt: NOW + 40 * DAY,
  now: NOW,
};
export const MISSING: SessionCredentials = { token: null, user: null, expiresAt: null, now: NOW };
/** Issue 18: a live token whose user cannot be read (storage holds none, or something unreadable). */
export const NO_USER: SessionCredentials = {
  token: 'jwt.nouser',
  user: null,
  expiresAt: NOW + HOUR,
  now: NOW,
};

export const AFTER = {
  untilExpiry: 'xstate.after.untilExpiry.session.loggedIn',
  untilExpiringSoon: 'xstate.after.untilExpiringSoon.session.loggedIn.active',
} as const;

export const sessionEventSamples = {
  'session.restore': () => [
    { type: 'session.restore', ...LIVE },
    { type: 'session.restore', ...LONG_LIVED },
    { type: 'session.restore', ...NEARLY_EXPIRED },
    { type: 'session.restore', ...EXPIRED },
    { type: 'session.restore', ...MISSING },
    { type: 'session.restore', ...NO_USER },
  ],
  'session.login': () => [
    { type: 'session.login', ...LIVE },
    { type: 'session.login', ...LONG_LIVED },
    { type: 'session.login', ...EXPIRED },
  ],
  'session.logout': () => [{ type: 'session.logout' }],
  // Clock readings after a pause (a phone asleep): still fine, inside the last 5 minutes, past expiry.
  'session.tick': () => [
    { type: 'session.tick', now: NOW + 10 * 60_000 },
    { type: 'session.tick', now: NOW + HOUR - 60_000 },
    { type: 'session.tick', now: NOW + HOUR },
  ],
  'session.userUpdated': () => [{ type: 'session.userUpdated', user: UPDATED_STUDENT }],
} satisfies Record<SessionEvent['type'], () => readonly SessionEvent[]>;

export const sessionInternalSamples = {
  'xstate.done.actor.clearSession': () => [{ type: 'xstate.done.actor.clearSession', output: undefined }],
  'xstate.error.actor.clearSession': () => [
    { type: 'xstate.error.actor.clearSession', error: new Error('offline') },
  ],
  [AFTER.untilExpiry]: () => [{ type: AFTER.untilExpiry }],
  [AFTER.untilExpiringSoon]: () => [{ type: AFTER.untilExpiringSoon }],
} satisfies Record<string, () => readonly AnyEventObject[]>;

function bothTimersClamped(snapshot: SessionSnapshot): boolean {
  const { expiresAt, now } = snapshot.context;
  return (
    expiresAt !== null &&
    expiresAt - SESSION_DELAYS.expiringSoonThreshold - now >= SESSION_DELAYS.timerCeiling
  );
}

export const sessionModel: MachineModel<typeof sessionMachine> = {
  machine: sessionMachine,
  inputs: [undefined],
  samples: { ...sessionEventSamples, ...sessionInternalSamples },
  filterEvents: (snapshot: SessionSnapshot, event) => {
    // Clocks move forward.
    if (event.type === 'session.tick') return event.now > snapshot.context.now;
    // Only the timer due first fires. The expiry comes after the 'expiring soon' mark, except when both
    // are beyond the timer ceiling: then both fire at the ceiling and the expiry timer re-arms them.
    if (event.type === AFTER.untilExpiry)
      return snapshot.matches({ loggedIn: 'expiringSoon' }) || bothTimersClamped(snapshot);
    if (event.type === AFTER.untilExpiringSoon) return !bothTimersClamped(snapshot);
    return true;
  },
};

export const SESSION_EFFECTS = [] as const;

export function createSessionHarness(): Harness<typeof sessionMachine> {
  const fakes = new Fakes();
  return new Harness(
    sessionMachine.provide({ actors: { clearSession: fakes.promiseActor('clearSession') } }),
    undefined,
    fakes,
  );
}

export const sessionExecutors: EventExecutors<typeof sessionMachine> = {
  'session.restore': (harness, event) => harness.send(event),
  'session.login': (harness, event) => harness.send(event),
  'session.logout': (harness, event) => harness.send(event),
  'session.tick': (harness, event) => harness.send(event),
  'session.userUpdated': (harness, event) => harness.send(event),
};

export const sessionPaths = () => generatePaths(sessionModel);
