import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SWITCHES,
  expiryNotices,
  isoWeekday,
  type PlanInput,
  periodOccurrences,
  planReminders,
  REMINDER_TIMING,
} from '../../machines/reminderPlan';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// Monday 5 January 2026, 07:00 local time.
const MONDAY_7AM = new Date(2026, 0, 5, 7, 0).getTime();

const maths = { id: 'p-maths', day: 1, start: '07:30', end: '08:25', subject: 'Mathematics', room: 'F5A' };
const friday = { id: 'p-chem', day: 5, start: '10:15', end: '11:10', subject: 'Chemistry', room: 'Lab' };

const base: PlanInput = {
  now: MONDAY_7AM,
  switches: DEFAULT_SWITCHES,
  timetables: [{ id: 'week', name: 'Form 5 A', periods: [maths, friday] }],
  items: [],
  deadlines: [],
  expiries: [],
};

describe('the reminders’ timing (issue 9)', () => {
  it('is 7 days and 1 day before an access ends, 10 minutes before a period by default, 1 day before a deadline', () => {
    expect(REMINDER_TIMING.expiryFirstNotice).toBe(7 * DAY);
    expect(REMINDER_TIMING.expiryLastNotice).toBe(1 * DAY);
    expect(REMINDER_TIMING.periodLeadMinutesDefault).toBe(10);
    expect(DEFAULT_SWITCHES.periodLeadMinutes).toBe(10);
    expect(REMINDER_TIMING.periodLeadMinutesChoices).toContain(10);
    expect(REMINDER_TIMING.deadlineNotice).toBe(1 * DAY);
    expect(REMINDER_TIMING.horizon).toBe(7 * DAY);
  });
});

describe('planReminders', () => {
  it('reminds of each period its lead minutes before it starts, on its weekday, for the coming week', () => {
    const reminders = planReminders(base).filter((r) => r.kind === 'period');
    expect(reminders.map((r) => new Date(r.at))).toEqual([
      new Date(2026, 0, 5, 7, 20),
      new Date(2026, 0, 9, 10, 5),
    ]);
    // A week later, at 06:59 on Monday the 12th, the next Monday's reminder is planned too.
    const nextWeek = planReminders({ ...base, now: MONDAY_7AM + 7 * DAY - MINUTE });
    expect(nextWeek.some((r) => r.at === new Date(2026, 0, 12, 7, 20).getTime())).toBe(true);
    expect(reminders[0]).toMatchObject({
      key: 'planner.notify.period',
      params: { subject: 'Mathematics', start: '07:30', room: 'F5A', minutes: '10' },
      route: '/timetable/week',
    });
    const fiveMinutes = planReminders({ ...base, switches: { ...DEFAULT_SWITCHES, periodLeadMinutes: 5 } });
    expect(new Date(fiveMinutes[0]?.at ?? 0)).toEqual(new Date(2026, 0, 5, 7, 25));
  });

  it('keeps ids stable from one plan to the next, so nothing is delivered twice', () => {
    const first = planReminders(base).map((r) => r.id);
    const later = planReminders({ ...base, now: MONDAY_7AM + 10 * MINUTE }).map((r) => r.id);
    expect(later.slice(0, 2)).toEqual(first.slice(0, 2));
  });

  it('reminds of an item its chosen minutes before it is due, unless it is done or has no reminder', () => {
    const due = new Date(2026, 0, 6, 18, 0).toISOString();
    const items = [
      { id: 'essay', title: 'Essay', due, reminderMinutes: 60, done: false },
      { id: 'done', title: 'Done', due, reminderMinutes: 60, done: true },
      { id: 'quiet', title: 'Quiet', due, reminderMinutes: null, done: false },
      { id: 'undated', title: 'Undated', due: null, reminderMinutes: 30, done: false },
    ];
    const reminders = planReminders({ ...base, items }).filter((r) => r.kind === 'item');
    expect(reminders.map((r) => [r.params.title, new Date(r.at)])).toEqual([
      ['Essay', new Date(2026, 0, 6, 17, 0)],
    ]);
  });

  it('reminds of an access 7 days and 1 day before it ends, each leading to the renewal', () => {
    const expiresAt = new Date(MONDAY_7AM + 7 * DAY + 2 * 60 * MINUTE).toISOString();
    const reminders = planReminders({
      ...base,
      expiries: [{ subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', expiresAt }],
    }).filter((r) => r.kind === 'expiry');
    // The 1-day one falls inside the week planned ahead; the 7-day one is two hours away.
    expect(reminders.map((r) => [r.key, r.at])).toEqual([
      ['planner.notify.expiryWeek', Date.parse(expiresAt) - 7 * DAY],
      ['planner.notify.expiryDay', Date.parse(expiresAt) - DAY],
    ]);
    expect(reminders[0]?.route).toBe('/schedule?renew=ang-maths-f5');
  });

  it('reminds of a saved scholarship a day before its deadline', () => {
    const deadline = new Date(MONDAY_7AM + 3 * DAY).toISOString();
    const [reminder] = planReminders({
      ...base,
      deadlines: [{ id: 'mastercard', title: 'Mastercard Foundation Scholars', deadline }],
    }).filter((r) => r.kind === 'deadline');
    expect(reminder?.at).toBe(Date.parse(deadline) - DAY);
  });

  it('leaves out a kind whose switch is off, and what is past', () => {
    const off = { periods: false, periodLeadMinutes: 10, items: false, deadlines: false, expiry: false };
    const everything: PlanInput = {
      ...base,
      items: [
        {
          id: 'i',
          title: 'x',
          due: new Date(MONDAY_7AM + DAY).toISOString(),
          reminderMinutes: 0,
          done: false,
        },
      ],
      deadlines: [{ id: 's', title: 'y', deadline: new Date(MONDAY_7AM + 3 * DAY).toISOString() }],
      expiries: [
        { subjectId: 'a', subjectTitle: 'z', expiresAt: new Date(MONDAY_7AM + 3 * DAY).toISOString() },
      ],
    };
    expect(planReminders({ ...everything, switches: off })).toEqual([]);
    expect(new Set(planReminders(everything).map((r) => r.kind))).toEqual(
      new Set(['period', 'item', 'deadline', 'expiry']),
    );
    const afterMaths = planReminders({ ...base, now: new Date(2026, 0, 5, 7, 21).getTime() });
    expect(afterMaths.some((r) => r.at < new Date(2026, 0, 5, 7, 21).getTime())).toBe(false);
  });
});

describe('periodOccurrences and isoWeekday', () => {
  it('counts Monday as 1 and Sunday as 7, and places periods on their local dates', () => {
    expect(isoWeekday(new Date(2026, 0, 5))).toBe(1);
    expect(isoWeekday(new Date(2026, 0, 11))).toBe(7);
    const [first] = periodOccurrences([maths], MONDAY_7AM);
    expect(first && new Date(first.start)).toEqual(new Date(2026, 0, 5, 7, 30));
    expect(first && new Date(first.end)).toEqual(new Date(2026, 0, 5, 8, 25));
  });

  it('ends a period ending at midnight as the next day starts', () => {
    const late = { ...maths, id: 'p-late', start: '23:00', end: '00:00' };
    const [first] = periodOccurrences([late], MONDAY_7AM);
    expect(first && new Date(first.start)).toEqual(new Date(2026, 0, 5, 23, 0));
    expect(first && new Date(first.end)).toEqual(new Date(2026, 0, 6, 0, 0));
  });
});

describe('expiryNotices (the banner on home and study-sections)', () => {
  const access = (days: number) => ({
    subjectId: `s${days}`,
    subjectTitle: `Subject ${days}`,
    expiresAt: new Date(MONDAY_7AM + days * DAY).toISOString(),
  });

  it('shows subjects ending within 7 days, the last day apart, soonest first; not ended or later ones', () => {
    const notices = expiryNotices([access(10), access(7), access(0.5), access(-1), access(3)], MONDAY_7AM);
    expect(notices.map((n) => [n.subjectId, n.stage])).toEqual([
      ['s0.5', 'day'],
      ['s3', 'week'],
      ['s7', 'week'],
    ]);
    expect(expiryNotices([access(7.01)], MONDAY_7AM)).toEqual([]);
    expect(expiryNotices([access(1)], MONDAY_7AM)[0]?.stage).toBe('day');
  });
});
