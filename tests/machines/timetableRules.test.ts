import { describe, expect, it } from 'vitest';
import {
  endsAfterStart,
  findOverlap,
  isDuring,
  overlaps,
  type PeriodDraft,
  periodErrors,
  sortPeriods,
  timetableErrors,
} from '../../contract/rules/timetable-rules';

const period = (over: Partial<PeriodDraft>): PeriodDraft => ({
  id: 'p',
  day: 1,
  start: '07:30',
  end: '08:25',
  subject: 'Mathematics',
  teacher: '',
  room: '',
  colour: '#1e88e5',
  ...over,
});

const maths = period({ id: 'maths' });

describe('periodErrors', () => {
  it('accepts a period that follows another one exactly', () => {
    expect(periodErrors(period({ id: 'physics', start: '08:25', end: '09:20' }), [maths])).toEqual([]);
  });

  it('refuses an empty subject, an end before the start and an end equal to the start', () => {
    expect(periodErrors(period({ subject: '  ' }), [])).toEqual([
      { field: 'subject', key: 'planner.errors.subjectRequired' },
    ]);
    expect(periodErrors(period({ start: '09:00', end: '08:00' }), [])).toEqual([
      { field: 'end', key: 'planner.errors.endBeforeStart' },
    ]);
    expect(periodErrors(period({ start: '09:00', end: '09:00' }), [])).toEqual([
      { field: 'end', key: 'planner.errors.endBeforeStart' },
    ]);
    expect(periodErrors(period({ start: '', end: '25:00' }), [])).toEqual([
      { field: 'start', key: 'planner.errors.timeInvalid' },
      { field: 'end', key: 'planner.errors.timeInvalid' },
    ]);
  });

  it('refuses an overlapping period on the same day and names the one it overlaps', () => {
    const clash = period({ id: 'physics', start: '08:00', end: '09:00', subject: 'Physics' });
    expect(periodErrors(clash, [maths])).toEqual([
      {
        field: 'start',
        key: 'planner.errors.overlap',
        params: { subject: 'Mathematics', start: '07:30', end: '08:25' },
      },
    ]);
    // Another day, or the period itself being edited, is no clash.
    expect(periodErrors({ ...clash, day: 2 }, [maths])).toEqual([]);
    expect(periodErrors({ ...maths, end: '08:40' }, [maths])).toEqual([]);
    expect(overlaps(period({ start: '06:00', end: '12:00' }), maths)).toBe(true);
  });
});

describe('a period ending at midnight', () => {
  const late = period({ id: 'late', start: '23:00', end: '00:00', subject: 'Night revision' });

  it('can be entered (00:00 is the end of its day), unlike one running past midnight', () => {
    expect(periodErrors(late, [maths])).toEqual([]);
    expect(periodErrors(period({ start: '22:00', end: '01:00' }), [])).toEqual([
      { field: 'end', key: 'planner.errors.endBeforeStart' },
    ]);
    // 00:00–00:00 is no period at all.
    expect(periodErrors(period({ start: '00:00', end: '00:00' }), [])).toEqual([
      { field: 'end', key: 'planner.errors.endBeforeStart' },
    ]);
  });

  it('overlaps what it covers before midnight, and neither the next day nor its own early morning', () => {
    const inside = period({ id: 'inside', start: '23:30', end: '23:45', subject: 'Physics' });
    expect(overlaps(late, inside)).toBe(true);
    expect(overlaps(inside, late)).toBe(true);
    expect(periodErrors(inside, [late])).toEqual([
      {
        field: 'start',
        key: 'planner.errors.overlap',
        params: { subject: 'Night revision', start: '23:00', end: '00:00' },
      },
    ]);
    // Another period also ending at midnight overlaps it too.
    expect(overlaps(late, period({ id: 'other', start: '23:50', end: '00:00' }))).toBe(true);
    // Across midnight: the next day's first period, and the same day's 00:00–01:00, only touch or miss it.
    expect(periodErrors(period({ id: 'tuesday', day: 2, start: '00:00', end: '01:00' }), [late])).toEqual([]);
    expect(periodErrors(period({ id: 'early', start: '00:00', end: '01:00' }), [late])).toEqual([]);
    expect(periodErrors(period({ id: 'before', start: '22:00', end: '23:00' }), [late])).toEqual([]);
  });

  it('is under way from its start until midnight', () => {
    expect(isDuring(late, '22:59')).toBe(false);
    expect(isDuring(late, '23:00')).toBe(true);
    expect(isDuring(late, '23:59')).toBe(true);
    expect(isDuring(late, '00:00')).toBe(false);
    expect(isDuring(maths, '08:00')).toBe(true);
    expect(isDuring(maths, '08:25')).toBe(false);
  });
});

describe('timetableErrors and sortPeriods', () => {
  it('needs a name and a school day', () => {
    expect(timetableErrors({ name: ' ', days: [] })).toEqual([
      { field: 'name', key: 'planner.errors.nameRequired' },
      { field: 'days', key: 'planner.errors.daysRequired' },
    ]);
    expect(timetableErrors({ name: 'Form 5 A', days: [1] })).toEqual([]);
  });

  it('orders periods by day then time', () => {
    const late = period({ id: 'late', start: '10:00', end: '11:00' });
    const tuesday = period({ id: 'tue', day: 2, start: '07:00', end: '08:00' });
    expect(sortPeriods([tuesday, late, maths]).map((p) => p.id)).toEqual(['maths', 'late', 'tue']);
  });
});

describe('the rules the server checks on every timetable it stores', () => {
  it('a period ends after it starts, or at midnight, and is never empty', () => {
    expect(endsAfterStart({ start: '23:00', end: '00:00' })).toBe(true);
    expect(endsAfterStart({ start: '08:00', end: '08:01' })).toBe(true);
    expect(endsAfterStart({ start: '09:00', end: '08:00' })).toBe(false);
    expect(endsAfterStart({ start: '08:00', end: '08:00' })).toBe(false);
    expect(endsAfterStart({ start: '00:00', end: '00:00' })).toBe(false);
  });

  it('finds the first two periods that overlap on the same day, the earlier one first', () => {
    const early = period({ id: 'early', start: '08:00', end: '09:00' });
    const late = period({ id: 'late', start: '08:30', end: '09:30' });
    const tuesday = period({ id: 'tue', day: 2, start: '08:15', end: '08:45' });
    expect(findOverlap([late, tuesday, early])).toEqual({ first: early, second: late });
    expect(findOverlap([early, tuesday])).toBeNull();
    // Touching is fine, and a period ending at midnight overlaps one that starts before midnight.
    const next = period({ id: 'next', start: '09:00', end: '10:00' });
    expect(findOverlap([early, next])).toBeNull();
    const lastHour = period({ id: 'last', start: '23:00', end: '00:00' });
    const revision = period({ id: 'rev', start: '23:30', end: '23:45' });
    expect(findOverlap([revision, lastHour])).toEqual({ first: lastHour, second: revision });
  });
});
