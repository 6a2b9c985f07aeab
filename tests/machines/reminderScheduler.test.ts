import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../machines/reminderPlan';
import type { reminderSchedulerMachine } from '../../machines/reminderScheduler';
import {
  REMINDER_SCHEDULER_DELAYS,
  selectCanAskPermission,
  selectScheduled,
} from '../../machines/reminderScheduler';
import type { Harness } from './modelHarness';
import { runModel } from './modelHarness';
import {
  AFTER_NEXT,
  createReminderSchedulerHarness,
  DAY,
  FAR_AWAY,
  IN_ONE_MINUTE,
  JUST_MISSED,
  MINUTE,
  NOW,
  PAGE,
  PLANS,
  SYSTEM,
  TEST_REMINDER,
} from './reminderScheduler.model';
import { REPLAYS } from './replays';

type SchedulerHarness = Harness<typeof reminderSchedulerMachine>;

const inputsOf = (harness: SchedulerHarness, src: string) =>
  harness.fakes.callsOf(src).map((call) => (call.input as { reminders: readonly Reminder[] }).reminders);

async function granted(input = PAGE): Promise<SchedulerHarness> {
  const harness = createReminderSchedulerHarness(input);
  harness.start();
  await harness.resolve('readPermission', 'granted');
  return harness;
}

describe('reminderScheduler machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.reminderScheduler);
    console.log(
      `reminderScheduler: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`,
    );
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  }, 60_000);

  it('pins its timing: 15 minutes of grace, the browser timer ceiling, 60 reminders handed to the system', () => {
    expect(REMINDER_SCHEDULER_DELAYS).toEqual({
      lateGrace: 15 * MINUTE,
      timerCeiling: 2 ** 31 - 1,
      systemBatch: 60,
    });
  });

  it('shows a reminder due in one minute exactly one minute later, once', async () => {
    const harness = await granted();
    await harness.send({ type: 'reminders.update', reminders: PLANS.soon, now: NOW });
    expect(harness.timer(AFTER_NEXT).delay).toBe(MINUTE);
    await harness.fireTimer(AFTER_NEXT);
    expect(inputsOf(harness, 'showNotifications')).toEqual([[IN_ONE_MINUTE]]);
    await harness.resolve('showNotifications', undefined);
    expect(harness.fakes.effectsOf('rememberDelivered')).toHaveLength(1);
    expect(harness.snapshot.context.delivered).toEqual([IN_ONE_MINUTE.id]);
    // The same plan again (the planner was saved): not shown twice.
    await harness.send({ type: 'reminders.update', reminders: PLANS.soon, now: NOW + MINUTE });
    expect(inputsOf(harness, 'showNotifications')).toHaveLength(1);
    expect(selectScheduled(harness.snapshot)).toEqual([]);
  });

  it('does not show again after a reload what was already shown', async () => {
    const harness = createReminderSchedulerHarness({ ...PAGE, delivered: [JUST_MISSED.id] });
    harness.start();
    await harness.resolve('readPermission', 'granted');
    await harness.send({ type: 'reminders.update', reminders: PLANS.late, now: NOW });
    expect(inputsOf(harness, 'showNotifications')).toEqual([]);
  });

  it('shows a reminder missed by a few minutes at once, and skips one missed by the grace or more', async () => {
    const harness = await granted();
    await harness.send({ type: 'reminders.update', reminders: PLANS.late, now: NOW });
    expect(inputsOf(harness, 'showNotifications')).toEqual([[JUST_MISSED]]);
  });

  it('arms a reminder 40 days away in steps below the browser timer ceiling', async () => {
    const harness = await granted();
    await harness.send({ type: 'reminders.update', reminders: PLANS.far, now: NOW });
    expect(harness.timer(AFTER_NEXT).delay).toBe(REMINDER_SCHEDULER_DELAYS.timerCeiling);
    await harness.fireTimer(AFTER_NEXT);
    expect(inputsOf(harness, 'showNotifications')).toEqual([]);
    expect(harness.timer(AFTER_NEXT).delay).toBe(40 * DAY - REMINDER_SCHEDULER_DELAYS.timerCeiling);
    await harness.fireTimer(AFTER_NEXT);
    expect(inputsOf(harness, 'showNotifications')).toEqual([[FAR_AWAY]]);
  });

  it('hands the upcoming reminders to the phone’s system on native, again at every new plan', async () => {
    const harness = await granted(SYSTEM);
    await harness.resolve('scheduleWithSystem', undefined);
    await harness.send({
      type: 'reminders.update',
      reminders: [...PLANS.soon, ...PLANS.far, ...PLANS.late],
      now: NOW,
    });
    expect(inputsOf(harness, 'scheduleWithSystem').at(-1)).toEqual([IN_ONE_MINUTE, FAR_AWAY]);
    await harness.resolve('scheduleWithSystem', undefined);
    await harness.send({ type: 'reminders.update', reminders: PLANS.empty, now: NOW });
    // An empty plan (logged out, switches off) cancels what the system held.
    expect(inputsOf(harness, 'scheduleWithSystem').at(-1)).toEqual([]);
  });

  it('asks for permission only when the student presses the button, and keeps the plan meanwhile', async () => {
    const harness = createReminderSchedulerHarness(PAGE);
    harness.start();
    await harness.resolve('readPermission', 'prompt');
    await harness.send({ type: 'reminders.update', reminders: PLANS.soon, now: NOW });
    expect(harness.fakes.callsOf('requestPermission')).toHaveLength(0);
    expect(selectCanAskPermission(harness.snapshot)).toBe(true);
    await harness.send({ type: 'reminders.askPermission' });
    await harness.resolve('requestPermission', 'granted');
    expect(selectScheduled(harness.snapshot)).toEqual([IN_ONE_MINUTE]);
    expect(harness.timer(AFTER_NEXT).delay).toBe(MINUTE);
  });

  it('sends the test notification only once notifications are allowed', async () => {
    const harness = createReminderSchedulerHarness(PAGE);
    harness.start();
    await harness.resolve('readPermission', 'denied');
    await harness.send({ type: 'reminders.test', reminder: TEST_REMINDER });
    expect(harness.fakes.effectsOf('showTest')).toEqual([]);
    // The student allowed them in the browser's settings and came back to the app.
    await harness.send({ type: 'reminders.tick', now: NOW });
    await harness.resolve('readPermission', 'granted');
    await harness.send({ type: 'reminders.test', reminder: TEST_REMINDER });
    expect(harness.fakes.effectsOf('showTest')).toEqual([{ reminder: TEST_REMINDER }]);
  });
});
