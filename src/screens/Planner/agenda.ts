import type { PaidSubject } from '../../../contract/users';
import { periodOccurrences, REMINDER_TIMING } from '../../../machines/reminderPlan';
import type { StudyItem, Timetable } from '../../rules/planner-docs';
import type { SavedScholarship } from '../../rules/saved-scholarship';

export type AgendaEntry =
  | {
      kind: 'period';
      key: string;
      at: number;
      end: number;
      subject: string;
      room: string;
      timetableId: string;
      colour: string;
    }
  | { kind: 'item'; key: string; at: number; itemId: string; title: string; done: boolean }
  | { kind: 'deadline'; key: string; at: number; title: string; provider: string; url: string }
  | { kind: 'expiry'; key: string; at: number; subjectId: string; subjectTitle: string };

export interface AgendaDay {
  /** Local midnight of the day. */
  day: number;
  entries: AgendaEntry[];
}

/**
 * The schedule (issue 9): one agenda for today and the next 6 days, from every timetable's periods, the
 * items due, the saved scholarships' deadlines and the paid subjects' access expiries.
 */
export function buildAgenda(input: {
  now: number;
  lang: 'en' | 'fr';
  timetables: readonly Timetable[];
  items: readonly StudyItem[];
  scholarships: readonly SavedScholarship[];
  expiries: readonly PaidSubject[];
}): AgendaDay[] {
  const today = new Date(input.now);
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 7).getTime();
  const entries: AgendaEntry[] = [];
  for (const timetable of input.timetables) {
    for (const { period, start: at, end: finish } of periodOccurrences(
      timetable.data.periods,
      input.now,
      REMINDER_TIMING.horizon,
    )) {
      if (at >= end) continue;
      entries.push({
        kind: 'period',
        key: `p-${timetable.id}-${period.id}-${at}`,
        at,
        end: finish,
        subject: period.subject,
        room: period.room,
        timetableId: timetable.id,
        colour: period.colour,
      });
    }
  }
  for (const item of input.items) {
    const at = item.data.due === null ? Number.NaN : Date.parse(item.data.due);
    if (!Number.isFinite(at) || at < start || at >= end) continue;
    entries.push({
      kind: 'item',
      key: `i-${item.id}`,
      at,
      itemId: item.id,
      title: item.data.title,
      done: item.data.done,
    });
  }
  for (const scholarship of input.scholarships) {
    const at = Date.parse(scholarship.deadline);
    if (at < start || at >= end) continue;
    entries.push({
      kind: 'deadline',
      key: `d-${scholarship.id}`,
      at,
      title: scholarship.title[input.lang],
      provider: scholarship.providerName?.[input.lang] ?? scholarship.provider,
      url: scholarship.url,
    });
  }
  for (const access of input.expiries) {
    const at = Date.parse(access.expiresAt);
    if (!Number.isFinite(at) || at < start || at >= end) continue;
    entries.push({
      kind: 'expiry',
      key: `e-${access.subjectId}`,
      at,
      subjectId: access.subjectId,
      subjectTitle: access.subjectTitle,
    });
  }
  const days: AgendaDay[] = [];
  for (let offset = 0; offset < 7; offset++) {
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset).getTime();
    const nextMidnight = new Date(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + offset + 1,
    ).getTime();
    days.push({
      day,
      entries: entries
        .filter((e) => e.at >= day && e.at < nextMidnight)
        .sort((a, b) => a.at - b.at || a.key.localeCompare(b.key)),
    });
  }
  return days;
}
