import type { SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { User } from './types';

// docs/product.md §4/§5 "Session": logged in means a stored JWT that is not expired, with its user; 'expiring soon' is under
// 5 minutes left; expiry while the app is open logs out; logout clears all local storage and caches.
// The app decodes the JWT's `exp` (src/services) and passes `expiresAt`; the machine only compares times
// it is given, so it needs no clock and no base64.

export const SESSION_DELAYS = {
  expiringSoonThreshold: 5 * 60_000,
  // Browsers and Node fire a setTimeout longer than 2^31-1 ms (~24.8 days) at once, so a 30-day token would
  // log the student out right after login. Timers are clamped to this and re-armed while the mark is beyond.
  timerCeiling: 2_147_483_647,
} as const;

export interface SessionCredentials {
  readonly token: string | null;
  readonly user: User | null;
  /** Epoch ms of the token's `exp`, or null when it has none (treated as expired). */
  readonly expiresAt: number | null;
  /** The app's clock when the event is sent. */
  readonly now: number;
}

export type SessionEvent =
  | ({ type: 'session.restore' } & SessionCredentials)
  | ({ type: 'session.login' } & SessionCredentials)
  | { type: 'session.logout' }
  /** The app's clock, e.g. when the page becomes visible again after timers were paused. */
  | { type: 'session.tick'; now: number }
  /** A newer user object (after a payment or a profile change); the token is unchanged. */
  | { type: 'session.userUpdated'; user: User };

export interface SessionContext {
  readonly token: string | null;
  readonly user: User | null;
  readonly expiresAt: number | null;
  readonly now: number;
}

export interface ClearSessionInput {
  readonly token: string | null;
}

export function isLive(credentials: {
  token: string | null;
  expiresAt: number | null;
  now: number;
}): boolean {
  return (
    Boolean(credentials.token) && credentials.expiresAt !== null && credentials.expiresAt > credentials.now
  );
}

const NO_SESSION = { token: null, user: null, expiresAt: null } as const;

/** Time left until the marks, unclamped; the machine's delays are these, capped at the timer ceiling. */
function untilExpiry(context: SessionContext): number {
  return Math.max(0, (context.expiresAt ?? context.now) - context.now);
}

function untilExpiringSoon(context: SessionContext): number {
  return Math.max(0, untilExpiry(context) - SESSION_DELAYS.expiringSoonThreshold);
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Provided by the app: the server logout call, then clearing all local storage and caches. */
    clearSession: notProvided<void, ClearSessionInput>('clearSession'),
  },
  actions: {
    storeCredentials: assign(({ event }) =>
      event.type === 'session.restore' || event.type === 'session.login'
        ? { token: event.token, user: event.user, expiresAt: event.expiresAt, now: event.now }
        : {},
    ),
    recordClock: assign({ now: (_, params: { now: number }) => params.now }),
    updateUser: assign({ user: (_, params: { user: User }) => params.user }),
    forgetCredentials: assign(NO_SESSION),
    // A clamped expiry timer fired: exactly the ceiling has passed since `now`, the delay it was given.
    advanceClockByCeiling: assign({ now: ({ context }) => context.now + SESSION_DELAYS.timerCeiling }),
  },
  guards: {
    // Issue 18: never a session without its student (a stored token whose user cannot be read ends like an
    // expired one: the player, the cart and the payments all need the user's id).
    credentialsAreLive: ({ event }) =>
      (event.type === 'session.restore' || event.type === 'session.login') &&
      isLive(event) &&
      event.user !== null,
    hasToken: ({ event }) =>
      (event.type === 'session.restore' || event.type === 'session.login') && Boolean(event.token),
    expiredAt: ({ context }, params: { now: number }) => !isLive({ ...context, now: params.now }),
    isExpiringSoon: ({ context }) =>
      context.expiresAt !== null && context.expiresAt - context.now < SESSION_DELAYS.expiringSoonThreshold,
    // Read when a timer fires, from the `now` it was armed with: was its delay the real one or the ceiling?
    expiryBeyondCeiling: ({ context }) => untilExpiry(context) > SESSION_DELAYS.timerCeiling,
    // Strict: when both marks are at or beyond the ceiling, both timers fire together and the expiry one
    // re-arms them, whichever the runtime fires first.
    expiringSoonBeforeCeiling: ({ context }) => untilExpiringSoon(context) < SESSION_DELAYS.timerCeiling,
  },
  delays: {
    // Functions of the stored expiry: a machine restarted from a stored token derives its timers again.
    untilExpiry: ({ context }) => Math.min(untilExpiry(context), SESSION_DELAYS.timerCeiling),
    untilExpiringSoon: ({ context }) => Math.min(untilExpiringSoon(context), SESSION_DELAYS.timerCeiling),
  },
}).createMachine({
  id: 'session',
  context: { ...NO_SESSION, now: 0 },
  initial: 'restoring',
  states: {
    restoring: {
      on: {
        'session.restore': [
          { guard: 'credentialsAreLive', target: 'loggedIn', actions: 'storeCredentials' },
          // An expired token ends its session like a logout (storage and caches of that session go too).
          { guard: 'hasToken', target: 'loggingOut', actions: 'storeCredentials' },
          { target: 'loggedOut' },
        ],
      },
    },
    loggedOut: {
      on: {
        'session.login': { guard: 'credentialsAreLive', target: 'loggedIn', actions: 'storeCredentials' },
      },
    },
    loggedIn: {
      initial: 'active',
      after: {
        untilExpiry: [
          // Re-entering arms both timers again from the advanced clock (and goes straight back to
          // 'expiring soon' if it was already).
          {
            guard: 'expiryBeyondCeiling',
            target: 'loggedIn',
            reenter: true,
            actions: 'advanceClockByCeiling',
          },
          { target: 'loggingOut' },
        ],
      },
      on: {
        'session.logout': 'loggingOut',
        // Re-entering restarts both timers from the new clock reading.
        'session.tick': [
          {
            guard: { type: 'expiredAt', params: ({ event }) => ({ now: event.now }) },
            target: 'loggingOut',
            actions: { type: 'recordClock', params: ({ event }) => ({ now: event.now }) },
          },
          {
            target: 'loggedIn',
            reenter: true,
            actions: { type: 'recordClock', params: ({ event }) => ({ now: event.now }) },
          },
        ],
        'session.login': {
          guard: 'credentialsAreLive',
          target: 'loggedIn',
          reenter: true,
          actions: 'storeCredentials',
        },
        'session.userUpdated': {
          actions: { type: 'updateUser', params: ({ event }) => ({ user: event.user }) },
        },
      },
      states: {
        active: {
          always: { guard: 'isExpiringSoon', target: 'expiringSoon' },
          after: { untilExpiringSoon: { guard: 'expiringSoonBeforeCeiling', target: 'expiringSoon' } },
        },
        expiringSoon: {},
      },
    },
    loggingOut: {
      invoke: {
        id: 'clearSession',
        src: 'clearSession',
        input: ({ context }) => ({ token: context.token }),
        // The server call may fail (offline, token already revoked); the device is logged out either way.
        onDone: { target: 'loggedOut', actions: 'forgetCredentials' },
        onError: { target: 'loggedOut', actions: 'forgetCredentials' },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectIsLoggedIn = (snapshot: SessionSnapshot): boolean => snapshot.matches('loggedIn');
export const selectIsExpiringSoon = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches({ loggedIn: 'expiringSoon' });
/** Route guards wait while the stored session is read, instead of redirecting a logged-in student. */
export const selectIsRestoring = (snapshot: SessionSnapshot): boolean => snapshot.matches('restoring');
export const selectUser = (snapshot: SessionSnapshot): User | null =>
  snapshot.matches('loggedIn') ? snapshot.context.user : null;
export const selectToken = (snapshot: SessionSnapshot): string | null =>
  snapshot.matches('loggedIn') ? snapshot.context.token : null;
export const selectExpiresAt = (snapshot: SessionSnapshot): number | null => snapshot.context.expiresAt;
