import type { Scholarship } from '../../../contract/content';

const DAY_MS = 86_400_000;

/** What the countdown says: closed, closes today (less than a day left), or in so many whole days. */
export type Countdown = { kind: 'closed' } | { kind: 'today' } | { kind: 'days'; days: number };

export function countdown(deadline: string, now: number): Countdown {
  const left = Date.parse(deadline) - now;
  if (!Number.isFinite(left) || left < 0) return { kind: 'closed' };
  const days = Math.floor(left / DAY_MS);
  return days === 0 ? { kind: 'today' } : { kind: 'days', days };
}

/** Nearest deadline first among those still open, then the closed ones, most recently closed first. */
export function byNearestDeadline<T extends Pick<Scholarship, 'deadline'>>(
  items: readonly T[],
  now: number,
): T[] {
  const time = (item: T) => Date.parse(item.deadline);
  const open = items.filter((item) => time(item) >= now).sort((a, b) => time(a) - time(b));
  const closed = items.filter((item) => !(time(item) >= now)).sort((a, b) => time(b) - time(a));
  return [...open, ...closed];
}

/** The host country in the student's language ('GB' → United Kingdom / Royaume-Uni); null for 'INTL'. */
export function countryName(code: string, lang: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  try {
    return new Intl.DisplayNames([lang === 'fr' ? 'fr' : 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
