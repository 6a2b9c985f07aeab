import type { SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { Reminder } from './reminderPlan';

// Issue 9 "Local notifications": delivers the planned reminders (machines/reminderPlan.ts). On the native
// shell the phone's system schedules them ('system' delivery), so they fire with the app closed; in the
// browser and the installed PWA the page keeps one timer for the next reminder and shows it through the
// service worker when it is due ('page' delivery), which only works while the app is open. Nothing is shown
// without the student's permission. The clock comes in through events (`now`); the timer is derived from
// it, so a re-plan or a phone waking up arms it again.

export const REMINDER_SCHEDULER_DELAYS = {
  /** A reminder found this late (the phone slept, the app was closed) is still shown; older ones are not. */
  lateGrace: 15 * 60_000,
  /** Browsers fire a setTimeout longer than 2^31-1 ms at once: longer waits are armed in steps of this. */
  timerCeiling: 2_147_483_647,
  /** The most reminders handed to the phone's system at once (iOS keeps 64 pending notifications). */
  systemBatch: 60,
} as const;

export type Permission = 'granted' | 'denied' | 'prompt' | 'unsupported';
export type Delivery = 'page' | 'system';

export type ReminderSchedulerEvent =
  /** A new plan (the planner, the switches or the paid subjects changed), with the clock. */
  | { type: 'reminders.update'; reminders: readonly Reminder[]; now: number }
  /** The clock, e.g. when the app comes back to the foreground; also re-reads a refused permission. */
  | { type: 'reminders.tick'; now: number }
  | { type: 'reminders.askPermission' }
  /** The test button: one notification now. */
  | { type: 'reminders.test'; reminder: Reminder };

export interface ReminderSchedulerInput {
  readonly delivery: Delivery;
  /** Ids already shown (kept by the app across reloads), so a reload does not show them again. */
  readonly delivered?: readonly string[];
  readonly now?: number;
}

export interface ReminderSchedulerContext {
  readonly delivery: Delivery;
  readonly reminders: readonly Reminder[];
  readonly now: number;
  readonly delivered: readonly string[];
  /** The reminders being shown now (already counted as delivered, so a re-plan cannot repeat them). */
  readonly showing: readonly Reminder[];
  readonly permission: Permission | null;
}

const { lateGrace, timerCeiling, systemBatch } = REMINDER_SCHEDULER_DELAYS;

/** Due now and not shown yet; too late ones are skipped for good. */
export function dueReminders(context: Pick<ReminderSchedulerContext, 'reminders' | 'now' | 'delivered'>) {
  return context.reminders.filter(
    (r) => r.at <= context.now && r.at > context.now - lateGrace && !context.delivered.includes(r.id),
  );
}

/** Not due yet, soonest first. */
export function upcomingReminders(
  context: Pick<ReminderSchedulerContext, 'reminders' | 'now' | 'delivered'>,
) {
  return context.reminders
    .filter((r) => r.at > context.now && !context.delivered.includes(r.id))
    .sort((a, b) => a.at - b.at);
}

function untilNext(context: ReminderSchedulerContext): number {
  const next = upcomingReminders(context)[0];
  return next === undefined ? timerCeiling : Math.min(next.at - context.now, timerCeiling);
}

/** The permission a permission actor answered with: what the guards compare and `storePermission` keeps. */
const answered = ({ event }: { event: { output: Permission } }) => ({ permission: event.output });

/** Where each known answer leads. */
const PERMISSION_STATES = { isGranted: 'active', isDenied: 'denied', isUnsupported: 'unsupported' } as const;

/**
 * The branches after a permission is read or asked for: the state of the first answer in `expected` that
 * matches, else `permissionNeeded`. Every branch keeps the answer.
 */
function followPermission(expected: readonly (keyof typeof PERMISSION_STATES)[]) {
  const keep = { type: 'storePermission', params: answered } as const;
  return [
    ...expected.map((guard) => ({
      guard: { type: guard, params: answered },
      target: PERMISSION_STATES[guard],
      actions: keep,
    })),
    { target: 'permissionNeeded', actions: keep },
  ];
}

export const reminderSchedulerMachine = setup({
  types: {
    context: {} as ReminderSchedulerContext,
    events: {} as ReminderSchedulerEvent,
    input: {} as ReminderSchedulerInput,
  },
  actors: {
    readPermission: notProvided<Permission, void>('readPermission'),
    requestPermission: notProvided<Permission, void>('requestPermission'),
    /** Page delivery: the notifications due now, through the service worker. */
    showNotifications: notProvided<void, { reminders: readonly Reminder[] }>('showNotifications'),
    /** System delivery: replaces what the phone's system has pending with these. */
    scheduleWithSystem: notProvided<void, { reminders: readonly Reminder[] }>('scheduleWithSystem'),
  },
  actions: {
    storePlan: assign((_, params: { reminders: readonly Reminder[]; now: number }) => ({
      reminders: params.reminders,
      now: params.now,
    })),
    recordClock: assign({ now: (_, params: { now: number }) => params.now }),
    storePermission: assign({ permission: (_, params: { permission: Permission }) => params.permission }),
    // The timer fired: exactly its delay has passed since `now`.
    advanceClock: assign({ now: ({ context }) => context.now + untilNext(context) }),
    // Counted as delivered before they are shown: a new plan arriving meanwhile must not show them again.
    takeDue: assign(({ context }) => {
      const showing = dueReminders(context);
      const shown = new Set([...context.delivered, ...showing.map((r) => r.id)]);
      // Only ids still in the plan need remembering; the list stays small.
      return { showing, delivered: context.reminders.filter((r) => shown.has(r.id)).map((r) => r.id) };
    }),
    /** Provided by the app: keeps the delivered ids (context.delivered) across reloads. */
    rememberDelivered: () => {},
    /** Provided by the app: one notification now (the test button). */
    showTest: (_, _params: { reminder: Reminder }) => {},
  },
  guards: {
    isGranted: (_, params: { permission: Permission }) => params.permission === 'granted',
    isDenied: (_, params: { permission: Permission }) => params.permission === 'denied',
    isUnsupported: (_, params: { permission: Permission }) => params.permission === 'unsupported',
    deliversThroughSystem: ({ context }) => context.delivery === 'system',
    hasDueReminder: ({ context }) => dueReminders(context).length > 0,
    hasNoUpcomingReminder: ({ context }) => upcomingReminders(context).length === 0,
  },
  delays: {
    untilNextReminder: ({ context }) => untilNext(context),
  },
}).createMachine({
  id: 'reminderScheduler',
  context: ({ input }) => ({
    delivery: input.delivery,
    reminders: [],
    now: input.now ?? 0,
    delivered: input.delivered ?? [],
    showing: [],
    permission: null,
  }),
  initial: 'checkingPermission',
  on: {
    // Outside `active` a new plan is only kept; `active` re-enters itself to arm its timer again.
    'reminders.update': {
      actions: {
        type: 'storePlan',
        params: ({ event }) => ({ reminders: event.reminders, now: event.now }),
      },
    },
  },
  states: {
    checkingPermission: {
      invoke: {
        id: 'readPermission',
        src: 'readPermission',
        onDone: followPermission(['isGranted', 'isDenied', 'isUnsupported']),
        onError: { target: 'unsupported', actions: assign({ permission: 'unsupported' }) },
      },
    },
    /** The student has not been asked yet: the screen offers the button. */
    permissionNeeded: {
      on: { 'reminders.askPermission': 'requestingPermission' },
    },
    requestingPermission: {
      invoke: {
        id: 'requestPermission',
        src: 'requestPermission',
        // Dismissed without an answer (or an unsupported one after asking): ask again later.
        onDone: followPermission(['isGranted', 'isDenied']),
        onError: 'permissionNeeded',
      },
    },
    /** Refused: only the phone's or browser's settings can change it; checked again when the app returns. */
    denied: {
      on: {
        'reminders.tick': {
          target: 'checkingPermission',
          actions: { type: 'recordClock', params: ({ event }) => ({ now: event.now }) },
        },
      },
    },
    /** No notifications here (an old webview, an insecure page). */
    unsupported: {},
    active: {
      initial: 'choosingDelivery',
      on: {
        'reminders.update': {
          target: 'active',
          reenter: true,
          actions: {
            type: 'storePlan',
            params: ({ event }) => ({ reminders: event.reminders, now: event.now }),
          },
        },
        'reminders.tick': {
          target: 'active',
          reenter: true,
          actions: { type: 'recordClock', params: ({ event }) => ({ now: event.now }) },
        },
        'reminders.test': {
          actions: { type: 'showTest', params: ({ event }) => ({ reminder: event.reminder }) },
        },
      },
      states: {
        choosingDelivery: {
          always: [{ guard: 'deliversThroughSystem', target: 'handingToSystem' }, { target: 'watching' }],
        },
        handingToSystem: {
          invoke: {
            id: 'scheduleWithSystem',
            src: 'scheduleWithSystem',
            input: ({ context }) => ({ reminders: upcomingReminders(context).slice(0, systemBatch) }),
            onDone: 'handedToSystem',
            // The plan stays; the next update or tick tries again.
            onError: 'handedToSystem',
          },
        },
        /** The phone's system holds the upcoming reminders; they fire even with the app closed. */
        handedToSystem: {},
        /** One timer, for the soonest reminder. */
        watching: {
          always: [
            { guard: 'hasDueReminder', target: 'notifying', actions: ['takeDue', 'rememberDelivered'] },
            { guard: 'hasNoUpcomingReminder', target: 'idle' },
          ],
          after: {
            untilNextReminder: { target: 'watching', reenter: true, actions: 'advanceClock' },
          },
        },
        notifying: {
          invoke: {
            id: 'showNotifications',
            src: 'showNotifications',
            input: ({ context }) => ({ reminders: context.showing }),
            onDone: 'watching',
            // A notification the system refused is not retried in a loop: it counts as delivered.
            onError: 'watching',
          },
        },
        /** Nothing to remind in the planned week. */
        idle: {},
      },
    },
  },
});

export type ReminderSchedulerSnapshot = SnapshotFrom<typeof reminderSchedulerMachine>;

export const selectPermission = (snapshot: ReminderSchedulerSnapshot): Permission | null =>
  snapshot.matches('requestingPermission') || snapshot.matches('checkingPermission')
    ? null
    : snapshot.context.permission;
export const selectCanAskPermission = (snapshot: ReminderSchedulerSnapshot): boolean =>
  snapshot.matches('permissionNeeded');
export const selectIsActive = (snapshot: ReminderSchedulerSnapshot): boolean => snapshot.matches('active');
export const selectScheduled = (snapshot: ReminderSchedulerSnapshot): readonly Reminder[] =>
  upcomingReminders(snapshot.context);
export const selectDelivery = (snapshot: ReminderSchedulerSnapshot): Delivery => snapshot.context.delivery;
