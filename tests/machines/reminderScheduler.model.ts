import type { AnyEventObject } from 'xstate';
import type { Reminder } from '../../machines/reminderPlan';
import type {
  Permission,
  ReminderSchedulerEvent,
  ReminderSchedulerInput,
  ReminderSchedulerSnapshot,
} from '../../machines/reminderScheduler';
import { REMINDER_SCHEDULER_DELAYS, reminderSchedulerMachine } from '../../machines/reminderScheduler';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

// The reminder scheduler in a browser tab ('page') and in the native shell ('system'): the permission is
// read, asked, refused or unavailable; plans arrive with a reminder due in one minute, one far beyond a
// browser timer's reach, one already due, or nothing; the clock jumps when the phone wakes up.

export const NOW = 1_767_600_000_000;
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

const reminder = (id: string, at: number): Reminder => ({
  id,
  kind: 'period',
  at,
  key: 'planner.notify.period',
  params: { subject: 'Mathematics', start: '07:30', room: 'F5A', minutes: '10' },
  route: '/timetable/week',
});

/** Due in one minute: the journey. */
export const IN_ONE_MINUTE = reminder('period:week:p-maths:1', NOW + MINUTE);
/** Forty days away: beyond the 24.8-day timer ceiling, armed in two steps. */
export const FAR_AWAY = reminder('expiry:ang-maths-f5:7d', NOW + 40 * DAY);
/** Already due when the plan arrives (the app opened five minutes late). */
export const JUST_MISSED = reminder('item:essay:1', NOW - 5 * MINUTE);
/** Too late to be worth showing. */
export const LONG_MISSED = reminder('item:essay:2', NOW - REMINDER_SCHEDULER_DELAYS.lateGrace);
export const TEST_REMINDER = reminder('test', NOW);

export const PLANS = {
  soon: [IN_ONE_MINUTE],
  far: [FAR_AWAY],
  late: [JUST_MISSED, LONG_MISSED],
  empty: [],
} as const satisfies Record<string, readonly Reminder[]>;

export const AFTER_NEXT = 'xstate.after.untilNextReminder.reminderScheduler.active.watching';

export const reminderSchedulerEventSamples = {
  'reminders.update': () => [
    { type: 'reminders.update', reminders: PLANS.soon, now: NOW },
    { type: 'reminders.update', reminders: PLANS.far, now: NOW },
    { type: 'reminders.update', reminders: PLANS.late, now: NOW },
    { type: 'reminders.update', reminders: PLANS.empty, now: NOW },
  ],
  'reminders.tick': () => [{ type: 'reminders.tick', now: NOW + 30 * MINUTE }],
  'reminders.askPermission': () => [{ type: 'reminders.askPermission' }],
  'reminders.test': () => [{ type: 'reminders.test', reminder: TEST_REMINDER }],
} satisfies Record<
  ReminderSchedulerEvent['type'],
  (snapshot: ReminderSchedulerSnapshot) => readonly ReminderSchedulerEvent[]
>;

const permissions: Permission[] = ['granted', 'denied', 'prompt', 'unsupported'];
const SYSTEM_REFUSED = new Error('Exact alarms are not allowed');

export const reminderSchedulerInternalSamples = {
  'xstate.done.actor.readPermission': () =>
    permissions.map((output) => ({ type: 'xstate.done.actor.readPermission', output })),
  'xstate.error.actor.readPermission': () => [
    { type: 'xstate.error.actor.readPermission', error: new Error('no Notification API') },
  ],
  'xstate.done.actor.requestPermission': () =>
    (['granted', 'denied', 'prompt'] as const).map((output) => ({
      type: 'xstate.done.actor.requestPermission',
      output,
    })),
  'xstate.error.actor.requestPermission': () => [
    { type: 'xstate.error.actor.requestPermission', error: new Error('prompt failed') },
  ],
  'xstate.done.actor.showNotifications': () => [
    { type: 'xstate.done.actor.showNotifications', output: undefined },
  ],
  'xstate.error.actor.showNotifications': () => [
    { type: 'xstate.error.actor.showNotifications', error: new Error('no worker') },
  ],
  'xstate.done.actor.scheduleWithSystem': () => [
    { type: 'xstate.done.actor.scheduleWithSystem', output: undefined },
  ],
  'xstate.error.actor.scheduleWithSystem': () => [
    { type: 'xstate.error.actor.scheduleWithSystem', error: SYSTEM_REFUSED },
  ],
  [AFTER_NEXT]: () => [{ type: AFTER_NEXT }],
} satisfies Record<string, (snapshot: ReminderSchedulerSnapshot) => readonly AnyEventObject[]>;

export const PAGE: ReminderSchedulerInput = { delivery: 'page', now: NOW };
export const SYSTEM: ReminderSchedulerInput = { delivery: 'system', now: NOW };

export const reminderSchedulerModel: MachineModel<typeof reminderSchedulerMachine> = {
  machine: reminderSchedulerMachine,
  inputs: [PAGE, SYSTEM],
  samples: { ...reminderSchedulerEventSamples, ...reminderSchedulerInternalSamples },
  // A tick moves the clock half an hour; one jump is enough to cover it and keeps the model finite.
  filterEvents: (snapshot, event) => !(event.type === 'reminders.tick' && snapshot.context.now !== NOW),
};

export const REMINDER_SCHEDULER_EFFECTS = ['rememberDelivered', 'showTest'] as const;

export function createReminderSchedulerHarness(
  input: ReminderSchedulerInput,
): Harness<typeof reminderSchedulerMachine> {
  const fakes = new Fakes();
  return new Harness(
    reminderSchedulerMachine.provide({
      actors: {
        readPermission: fakes.promiseActor('readPermission'),
        requestPermission: fakes.promiseActor('requestPermission'),
        showNotifications: fakes.promiseActor('showNotifications'),
        scheduleWithSystem: fakes.promiseActor('scheduleWithSystem'),
      },
      actions: fakes.actions(REMINDER_SCHEDULER_EFFECTS),
    }),
    input,
    fakes,
  );
}

export const reminderSchedulerExecutors = {
  'reminders.update': (harness, event) => harness.send(event),
  'reminders.tick': (harness, event) => harness.send(event),
  'reminders.askPermission': (harness, event) => harness.send(event),
  'reminders.test': (harness, event) => harness.send(event),
} satisfies EventExecutors<typeof reminderSchedulerMachine>;

export const reminderSchedulerPaths = () => generatePaths(reminderSchedulerModel);
