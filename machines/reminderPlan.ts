// Issue 9: which reminders are due when. Pure: the app passes the planner, the saved scholarships, the
// paid subjects, the switches and the clock; out comes the list the reminder scheduler delivers. Dates of
// periods are local wall-clock times (a timetable says 07:30, wherever the phone is).

import { MIDNIGHT } from '../contract/rules/timetable-rules';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const REMINDER_TIMING = {
  /** Access-expiry reminders: the first one, 7 days before the paid access ends. */
  expiryFirstNotice: 7 * DAY,
  /** …and the last one, 1 day before. */
  expiryLastNotice: 1 * DAY,
  /** Minutes before a period, unless the student chose otherwise. */
  periodLeadMinutesDefault: 10,
  /** The choices offered for the period reminder. */
  periodLeadMinutesChoices: [5, 10, 15, 30] as readonly number[],
  /** A saved scholarship's deadline is announced this long before it. */
  deadlineNotice: 1 * DAY,
  /** How far ahead reminders are planned (and handed to the phone's system on native). */
  horizon: 7 * DAY,
} as const;

export type ReminderKind = 'period' | 'item' | 'deadline' | 'expiry';

export interface Reminder {
  /** Stable across plans, so a reminder is delivered once and a re-plan does not repeat it. */
  readonly id: string;
  readonly kind: ReminderKind;
  /** Epoch ms when it is due. */
  readonly at: number;
  /** A dictionary key under which the app finds the text (`planner.notify.*`). */
  readonly key: string;
  readonly params: Readonly<Record<string, string>>;
  /** The app route a tap opens. */
  readonly route: string;
}

export interface ReminderSwitches {
  readonly periods: boolean;
  readonly periodLeadMinutes: number;
  readonly items: boolean;
  readonly deadlines: boolean;
  readonly expiry: boolean;
}

export const DEFAULT_SWITCHES: ReminderSwitches = {
  periods: true,
  periodLeadMinutes: REMINDER_TIMING.periodLeadMinutesDefault,
  items: true,
  deadlines: true,
  expiry: true,
};

export interface PlanPeriod {
  readonly id: string;
  readonly day: number;
  readonly start: string;
  readonly end: string;
  readonly subject: string;
  readonly room: string;
}

export interface PlanInput {
  readonly now: number;
  readonly switches: ReminderSwitches;
  readonly timetables: readonly { id: string; name: string; periods: readonly PlanPeriod[] }[];
  readonly items: readonly {
    id: string;
    title: string;
    due: string | null;
    reminderMinutes: number | null;
    done: boolean;
  }[];
  readonly deadlines: readonly { id: string; title: string; deadline: string }[];
  readonly expiries: readonly { subjectId: string; subjectTitle: string; expiresAt: string }[];
}

/** ISO weekday (1 Monday … 7 Sunday) of a local date. */
export function isoWeekday(date: Date): number {
  return ((date.getDay() + 6) % 7) + 1;
}

/** The local time `HH:MM` on the local day of `dayStart`. */
export function atClock(dayStart: Date, clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return new Date(dayStart.getFullYear(), dayStart.getMonth(), dayStart.getDate(), hours, minutes).getTime();
}

/** Each period's next occurrences from the start of today to the horizon. */
export function periodOccurrences<P extends PlanPeriod>(
  periods: readonly P[],
  now: number,
  horizon: number = REMINDER_TIMING.horizon,
): { period: P; start: number; end: number }[] {
  const today = new Date(now);
  const out: { period: P; start: number; end: number }[] = [];
  for (let offset = 0; offset * DAY <= horizon; offset++) {
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
    for (const period of periods) {
      if (period.day !== isoWeekday(day)) continue;
      // A period ending at midnight (00:00) ends as the next day starts.
      const endDay =
        period.end === MIDNIGHT ? new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1) : day;
      out.push({ period, start: atClock(day, period.start), end: atClock(endDay, period.end) });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Epoch ms of an ISO date, or null when it cannot be read. */
function timeOf(iso: string): number | null {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? time : null;
}

/**
 * Every reminder due from `now` (minus what the scheduler still accepts as late) to the horizon, soonest
 * first. Each kind has its switch.
 */
export function planReminders(input: PlanInput, lateGrace = 0): Reminder[] {
  const { now, switches } = input;
  const from = now - lateGrace;
  const until = now + REMINDER_TIMING.horizon;
  const reminders: Reminder[] = [];
  /** Kept only when it falls between `from` and the horizon. */
  const remind = (reminder: Reminder) => {
    if (reminder.at >= from && reminder.at <= until) reminders.push(reminder);
  };

  if (switches.periods) {
    const lead = switches.periodLeadMinutes * MINUTE;
    for (const timetable of input.timetables) {
      for (const { period, start } of periodOccurrences(timetable.periods, now)) {
        remind({
          id: `period:${timetable.id}:${period.id}:${start}`,
          kind: 'period',
          at: start - lead,
          key: 'planner.notify.period',
          params: {
            subject: period.subject,
            start: period.start,
            room: period.room,
            minutes: String(switches.periodLeadMinutes),
          },
          route: `/timetable/${timetable.id}`,
        });
      }
    }
  }

  if (switches.items) {
    for (const item of input.items) {
      if (item.done || item.due === null || item.reminderMinutes === null) continue;
      const due = timeOf(item.due);
      if (due === null) continue;
      const at = due - item.reminderMinutes * MINUTE;
      remind({
        id: `item:${item.id}:${at}`,
        kind: 'item',
        at,
        key: 'planner.notify.item',
        params: { title: item.title, due: item.due },
        route: '/schedule',
      });
    }
  }

  if (switches.deadlines) {
    for (const scholarship of input.deadlines) {
      const deadline = timeOf(scholarship.deadline);
      if (deadline === null) continue;
      remind({
        id: `deadline:${scholarship.id}:${deadline}`,
        kind: 'deadline',
        at: deadline - REMINDER_TIMING.deadlineNotice,
        key: 'planner.notify.deadline',
        params: { title: scholarship.title, deadline: scholarship.deadline },
        route: '/schedule',
      });
    }
  }

  if (switches.expiry) {
    for (const access of input.expiries) {
      const end = timeOf(access.expiresAt);
      if (end === null) continue;
      for (const [notice, key] of [
        [REMINDER_TIMING.expiryFirstNotice, 'planner.notify.expiryWeek'],
        [REMINDER_TIMING.expiryLastNotice, 'planner.notify.expiryDay'],
      ] as const) {
        remind({
          id: `expiry:${access.subjectId}:${end}:${notice}`,
          kind: 'expiry',
          at: end - notice,
          key,
          params: { subject: access.subjectTitle, date: access.expiresAt },
          route: `/schedule?renew=${encodeURIComponent(access.subjectId)}`,
        });
      }
    }
  }

  return reminders.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}

export type ExpiryStage = 'week' | 'day';

export interface ExpiryNotice {
  readonly subjectId: string;
  readonly subjectTitle: string;
  readonly expiresAt: string;
  /** 'week': within 7 days; 'day': within the last day. */
  readonly stage: ExpiryStage;
}

/** The paid subjects whose access ends within 7 days (the banner on home and study-sections), soonest first. */
export function expiryNotices(
  expiries: readonly { subjectId: string; subjectTitle: string; expiresAt: string }[],
  now: number,
): ExpiryNotice[] {
  const notices: ExpiryNotice[] = [];
  for (const access of expiries) {
    const left = Date.parse(access.expiresAt) - now;
    if (!Number.isFinite(left) || left <= 0 || left > REMINDER_TIMING.expiryFirstNotice) continue;
    notices.push({
      subjectId: access.subjectId,
      subjectTitle: access.subjectTitle,
      expiresAt: access.expiresAt,
      stage: left <= REMINDER_TIMING.expiryLastNotice ? 'day' : 'week',
    });
  }
  return notices.sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt));
}
