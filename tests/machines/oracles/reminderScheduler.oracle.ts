import { expect } from 'vitest';
import type { Reminder } from '../../../machines/reminderPlan';
import type { Permission, reminderSchedulerMachine } from '../../../machines/reminderScheduler';
import {
  selectCanAskPermission,
  selectIsActive,
  selectPermission,
  selectScheduled,
} from '../../../machines/reminderScheduler';
import type { Oracle } from '../modelHarness';
import { CallLog, ModelClock, paramsOf } from './observe';

// Issue 9 "Local notifications", and the decisions of machines/README.md, written again without the machine:
// nothing reaches the student without their permission, which is read at start and asked only when they
// press the button; refused, it is read again when the app comes back to the foreground. In the browser the
// page shows each reminder once, when it is due; one found late by less than 15 minutes (the phone slept) is
// shown at once, an older one never; a reminder shown before a reload is not shown again. Its one timer
// never waits longer than a browser can (2^31-1 ms). On the native shell the phone's system holds the
// upcoming reminders, soonest first, at most 60 (iOS keeps 64), handed over again at every new plan. The
// test button shows one notification, once notifications are allowed.

const RULES = { grace: 15 * 60_000, timerCeiling: 2 ** 31 - 1, systemBatch: 60 };

type Phase = 'checking' | 'needed' | 'requesting' | 'denied' | 'unsupported' | 'active';

const ids = (reminders: readonly Reminder[]) => reminders.map((reminder) => reminder.id).sort();

export const reminderSchedulerOracle: Oracle<typeof reminderSchedulerMachine> = (input) => {
  const system = input.delivery === 'system';
  const clock = new ModelClock();
  const calls = new CallLog();
  const shown = new Set(input.delivered ?? []);
  let phase: Phase = 'checking';
  let permission: Permission | null = null;
  let plan: readonly Reminder[] = [];
  /** Page delivery: a call showing notifications is running (what falls due meanwhile waits for it). */
  let showing = false;
  /** Page delivery: when the timer was last armed, in the app's time. */
  let armedAt = 0;
  let initialised = false;

  const upcoming = (now: number) =>
    plan.filter((r) => r.at > now && !shown.has(r.id)).sort((a, b) => a.at - b.at);
  const dueNow = (now: number) =>
    plan.filter((r) => r.at <= now && now - r.at < RULES.grace && !shown.has(r.id));

  return (harness, { event, effects }) => {
    if (!initialised) {
      clock.set(input.now ?? 0, harness);
      initialised = true;
    }
    if (event.type === 'reminders.update' || event.type === 'reminders.tick') {
      clock.set(event.now as number, harness);
    }
    const now = clock.read(harness);
    const wasActive = phase === 'active';
    let activates = false;
    let askedNow = false;
    let readNow = event.type === 'xstate.init';
    const answer = (event as { output?: Permission }).output ?? null;
    switch (event.type) {
      case 'reminders.update':
        plan = event.reminders as readonly Reminder[];
        activates = wasActive;
        break;
      case 'reminders.tick':
        activates = wasActive;
        if (phase === 'denied') [phase, readNow] = ['checking', true];
        break;
      case 'reminders.askPermission':
        if (phase === 'needed') [phase, askedNow] = ['requesting', true];
        break;
      case 'xstate.done.actor.readPermission':
        permission = answer;
        if (answer === 'granted') activates = true;
        else phase = answer === 'denied' ? 'denied' : answer === 'unsupported' ? 'unsupported' : 'needed';
        break;
      case 'xstate.error.actor.readPermission':
        [phase, permission] = ['unsupported', 'unsupported'];
        break;
      case 'xstate.done.actor.requestPermission':
        permission = answer;
        if (answer === 'granted') activates = true;
        else phase = answer === 'denied' ? 'denied' : 'needed';
        break;
      case 'xstate.error.actor.requestPermission':
        phase = 'needed';
        break;
      case 'xstate.done.actor.showNotifications':
      case 'xstate.error.actor.showNotifications':
        // Refused by the system or not: counted as delivered, never retried in a loop.
        showing = false;
        armedAt = now;
        break;
      default:
        if (event.type.startsWith('xstate.after.')) {
          const next = upcoming(armedAt)[0];
          expect(next, 'a timer only for a reminder to come').toBeDefined();
          expect(now, 'the timer fires when the next reminder is due, or at the ceiling').toBe(
            Math.min(next?.at ?? 0, armedAt + RULES.timerCeiling),
          );
          armedAt = now;
        }
    }
    if (activates) {
      [phase, showing, armedAt] = ['active', false, now];
    }

    expect(calls.newCalls(harness.fakes, 'readPermission'), `permission read on ${event.type}`).toHaveLength(
      readNow ? 1 : 0,
    );
    expect(calls.newCalls(harness.fakes, 'requestPermission'), 'asked only on the button').toHaveLength(
      askedNow ? 1 : 0,
    );
    const handed = calls.newCalls(harness.fakes, 'scheduleWithSystem').map((call) => call.input);
    const shownNow = calls.newCalls(harness.fakes, 'showNotifications').map((call) => call.input);
    if (system) {
      expect(shownNow, 'on native the system shows them').toEqual([]);
      expect(handed, `handed to the system on ${event.type}`).toEqual(
        activates ? [{ reminders: upcoming(now).slice(0, RULES.systemBatch) }] : [],
      );
    } else {
      expect(handed, 'the page shows them itself').toEqual([]);
      const due = phase === 'active' && !showing ? dueNow(now) : [];
      expect(
        shownNow.map((call) => ids((call as { reminders: readonly Reminder[] }).reminders)),
        `shown on ${event.type} at ${now}`,
      ).toEqual(due.length > 0 ? [ids(due)] : []);
      expect(paramsOf(effects, 'rememberDelivered'), 'what is shown is remembered').toHaveLength(
        due.length > 0 ? 1 : 0,
      );
      if (due.length > 0) [showing, armedAt] = [true, now];
      for (const reminder of due) shown.add(reminder.id);
    }
    expect(paramsOf(effects, 'showTest'), 'the test notification').toEqual(
      event.type === 'reminders.test' && wasActive ? [{ reminder: event.reminder }] : [],
    );

    expect(selectIsActive(harness.snapshot)).toBe(phase === 'active');
    expect(selectCanAskPermission(harness.snapshot)).toBe(phase === 'needed');
    expect(selectPermission(harness.snapshot), 'the permission shown').toBe(
      phase === 'checking' || phase === 'requesting' ? null : permission,
    );
    if (phase === 'active') expect(ids(selectScheduled(harness.snapshot))).toEqual(ids(upcoming(now)));
  };
};
