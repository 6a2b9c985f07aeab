// The rules a timetable's periods follow (issues 9 and 21), written once for both sides: the editor checks
// them as the student types, and the server checks every timetable it is asked to store, a merge of two
// devices' edits included (server/modules/planner). Pure and without zod, so the app may import it as a value
// without bundling zod (contract/README.md). Errors are dictionary keys with their params, never text: the
// editor translates them next to the field at fault and keeps everything typed.

export interface PeriodDraft {
  readonly id: string;
  readonly day: number;
  readonly start: string;
  readonly end: string;
  readonly subject: string;
  readonly teacher: string;
  readonly room: string;
  readonly colour: string;
}

/** What the overlap rule needs of a period. */
export type TimedPeriod = Pick<PeriodDraft, 'id' | 'day' | 'start' | 'end'>;

export type PeriodField = 'subject' | 'start' | 'end' | 'day';

export interface FieldError<TField extends string> {
  readonly field: TField;
  readonly key: string;
  readonly params?: Readonly<Record<string, string>>;
}

export type PeriodError = FieldError<PeriodField>;

export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * An end at 00:00 is midnight at the end of the period's day (a period 23:00–00:00): a period never runs
 * into the next day, which has periods of its own. So a period ends after it starts, or at midnight.
 */
export const MIDNIGHT = '00:00';
const DAY_MINUTES = 24 * 60;

/** Minutes since the start of the day of an `HH:MM` clock time. */
export function clockMinutes(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

/** When a period ends, in minutes since the start of its day: 24 × 60 for midnight. */
export function endMinutes(period: { readonly end: string }): number {
  return period.end === MIDNIGHT ? DAY_MINUTES : clockMinutes(period.end);
}

/** Whether a period is under way at a clock time of its day. */
export function isDuring(period: { readonly start: string; readonly end: string }, clock: string): boolean {
  const at = clockMinutes(clock);
  return clockMinutes(period.start) <= at && at < endMinutes(period);
}

/** A period ends after it starts, or at midnight (the end of its day, so 00:00–00:00 is no period). */
export function endsAfterStart(period: { readonly start: string; readonly end: string }): boolean {
  return period.end !== period.start && endMinutes(period) > clockMinutes(period.start);
}

/** Two periods of the same day overlap when each starts before the other ends (touching is fine). */
export function overlaps(a: TimedPeriod, b: TimedPeriod): boolean {
  return a.day === b.day && clockMinutes(a.start) < endMinutes(b) && clockMinutes(b.start) < endMinutes(a);
}

/** What is wrong with a period among the others of its timetable; empty when it can be saved. */
export function periodErrors(draft: PeriodDraft, others: readonly PeriodDraft[]): PeriodError[] {
  const errors: PeriodError[] = [];
  if (draft.subject.trim() === '') errors.push({ field: 'subject', key: 'planner.errors.subjectRequired' });
  if (!Number.isInteger(draft.day) || draft.day < 1 || draft.day > 7) {
    errors.push({ field: 'day', key: 'planner.errors.dayRequired' });
  }
  const startValid = CLOCK_TIME.test(draft.start);
  const endValid = CLOCK_TIME.test(draft.end);
  if (!startValid) errors.push({ field: 'start', key: 'planner.errors.timeInvalid' });
  if (!endValid) errors.push({ field: 'end', key: 'planner.errors.timeInvalid' });
  if (startValid && endValid && !endsAfterStart(draft)) {
    errors.push({ field: 'end', key: 'planner.errors.endBeforeStart' });
  }
  if (errors.length === 0) {
    const clash = others.find((other) => other.id !== draft.id && overlaps(draft, other));
    if (clash) {
      errors.push({
        field: 'start',
        key: 'planner.errors.overlap',
        params: { subject: clash.subject, start: clash.start, end: clash.end },
      });
    }
  }
  return errors;
}

/**
 * The first two periods of a timetable that overlap, in the order a week is lived (the earlier one first),
 * or null when none does: the server refuses to store a timetable for which this is not null.
 */
export function findOverlap<T extends TimedPeriod>(periods: readonly T[]): { first: T; second: T } | null {
  const ordered = sortPeriods(periods);
  for (const [index, first] of ordered.entries()) {
    const second = ordered.slice(index + 1).find((later) => overlaps(first, later));
    if (second) return { first, second };
  }
  return null;
}

/** The timetable's own fields: a name, and at least one school day. */
export function timetableErrors(draft: {
  name: string;
  days: readonly number[];
}): FieldError<'name' | 'days'>[] {
  const errors: FieldError<'name' | 'days'>[] = [];
  if (draft.name.trim() === '') errors.push({ field: 'name', key: 'planner.errors.nameRequired' });
  if (draft.days.length === 0) errors.push({ field: 'days', key: 'planner.errors.daysRequired' });
  return errors;
}

/** Periods in the order a day is lived: by day, then start time. */
export function sortPeriods<T extends TimedPeriod>(periods: readonly T[]): T[] {
  return [...periods].sort(
    (a, b) => a.day - b.day || a.start.localeCompare(b.start) || a.id.localeCompare(b.id),
  );
}
