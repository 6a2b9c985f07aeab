import { isoWeekday } from '../../../machines/reminderPlan';
import { capitalised } from '../../rules/capitalised';

const locale = (lang: string) => (lang === 'fr' ? 'fr-CM' : 'en-CM');

/** Weekday names from the browser's own locale data, standing alone (capitalised): 1 Monday … 7 Sunday. */
export function weekdayName(day: number, lang: string, width: 'long' | 'short' = 'long'): string {
  // 5 January 2026 is a Monday.
  const name = new Intl.DateTimeFormat(locale(lang), { weekday: width }).format(new Date(2026, 0, 4 + day));
  return capitalised(name, lang);
}

/** A weekday's name inside a sentence: French writes it lower-case (« le lundi »), English capitalised. */
export function weekdayInSentence(day: number, lang: string): string {
  const name = weekdayName(day, lang);
  return lang === 'fr' ? name.toLocaleLowerCase('fr') : name;
}

export const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const SCHOOL_DAYS = [1, 2, 3, 4, 5] as const;

/** A day as it reads inside a sentence ("Today, Tuesday 24 November", "Aujourd'hui, mardi 24 novembre"). */
export function formatDay(time: number, lang: string): string {
  return new Intl.DateTimeFormat(locale(lang), { weekday: 'long', day: 'numeric', month: 'long' }).format(
    time,
  );
}

/** A day as a heading of its own ("Mercredi 25 novembre"). */
export function formatDayHeading(time: number, lang: string): string {
  return capitalised(formatDay(time, lang), lang);
}

export function formatDateTime(time: number, lang: string): string {
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}

export function formatClock(time: number, lang: string): string {
  return new Intl.DateTimeFormat(locale(lang), { hour: '2-digit', minute: '2-digit' }).format(time);
}

export { isoWeekday };

/** `YYYY-MM-DD` and `HH:MM` of a local time, for date and time inputs. */
export function toDateInput(time: number): { date: string; time: string } {
  const d = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

/** A local date and time from the inputs, as ISO 8601 with the phone's offset; null when incomplete. */
export function fromDateInput(date: string, time: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [hours, minutes] = (time || '23:59').split(':').map(Number);
  const local = new Date(
    Number(match[1]),
    Number(match[2]) - 1,
    Number(match[3]),
    hours ?? 23,
    minutes ?? 59,
  );
  if (Number.isNaN(local.getTime())) return null;
  const offset = -local.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  const { date: d, time: t } = toDateInput(local.getTime());
  return `${d}T${t}:00${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}
