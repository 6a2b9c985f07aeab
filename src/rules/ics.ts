import { MIDNIGHT } from '../../contract/rules/timetable-rules';
import { isoWeekday } from '../../machines/reminderPlan';
import type { TimetableData } from './planner-docs';

// A timetable as an iCalendar file (RFC 5545) that a phone's calendar imports: one weekly event per period,
// in floating local time (07:30 is 07:30 wherever the phone is, as on the school's timetable).

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** Text values escape backslashes, semicolons, commas and line breaks (RFC 5545 §3.3.11). */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const bytes = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (bytes.encode(current + char).length > limit) {
      parts.push(current);
      current = char;
    } else current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const pad = (n: number) => String(n).padStart(2, '0');
const localStamp = (date: Date, clock: string) =>
  `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}T${clock.replace(':', '')}00`;
const utcStamp = (time: number) =>
  new Date(time)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The first date on or after `from` that falls on an ISO weekday. */
function firstOn(day: number, from: Date): Date {
  const date = new Date(from.getFullYear(), from.getMonth(), from.getDate());
  while (isoWeekday(date) !== day) date.setDate(date.getDate() + 1);
  return date;
}

export function timetableToIcs(timetable: { id: string; data: TimetableData }, now: number): string {
  const from = new Date(now);
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//StudyCam//Planner//EN', 'CALSCALE:GREGORIAN'];
  lines.push(`X-WR-CALNAME:${escapeText(timetable.data.name)}`);
  for (const period of timetable.data.periods) {
    const first = firstOn(period.day, from);
    // A period ending at midnight ends at 00:00 of the next day.
    const last = new Date(
      first.getFullYear(),
      first.getMonth(),
      first.getDate() + (period.end === MIDNIGHT ? 1 : 0),
    );
    const location = [period.room].filter(Boolean).join('');
    lines.push(
      'BEGIN:VEVENT',
      `UID:${timetable.id}-${period.id}@studycam`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART:${localStamp(first, period.start)}`,
      `DTEND:${localStamp(last, period.end)}`,
      `RRULE:FREQ=WEEKLY;BYDAY=${WEEKDAYS[period.day - 1]}`,
      `SUMMARY:${escapeText(period.subject)}`,
    );
    if (location) lines.push(`LOCATION:${escapeText(location)}`);
    if (period.teacher) lines.push(`DESCRIPTION:${escapeText(period.teacher)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A file name a phone keeps: letters, digits and dashes. */
export function icsFileName(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `${base || 'timetable'}.ics`;
}
