import type { FastifyReply, FastifyRequest } from 'fastify';
import { findOverlap } from '../../../contract/rules/timetable-rules';
import { addMessages, type Language, languageOf, translate } from '../../lib/i18n';
import type { Period, TimetableData, TimetableOverlap } from './schemas';

// Issue 21: the server keeps the timetable rules the editor keeps (contract/rules/timetable-rules.ts), so no client
// and no merge of two devices' edits can store a timetable whose periods overlap.

export function registerOverlapMessages(): void {
  addMessages({
    en: {
      periodsOverlap:
        'On {day}, {other} overlaps {mine}. Change one of them so that it ends before the other starts.',
      mergeOverlap:
        'This timetable was changed on another device: on {day}, your {mine} overlaps {other} from the other device. Your version is kept on this device: change or delete one of the two periods and it will be sent again.',
    },
    fr: {
      periodsOverlap:
        'Le {day}, {other} chevauche {mine}. Modifiez l’un des deux cours pour qu’il se termine avant que l’autre ne commence.',
      mergeOverlap:
        'Cet emploi du temps a été modifié sur un autre appareil : le {day}, votre cours {mine} chevauche {other} de l’autre appareil. Votre version est conservée sur cet appareil : modifiez ou supprimez l’un des deux cours, et elle sera envoyée à nouveau.',
    },
  });
}

/** A merge of two devices' edits would store overlapping periods: the transaction is rolled back. */
export class MergeOverlapError extends Error {
  constructor(
    readonly overlap: TimetableOverlap,
    readonly periods: readonly Period[],
  ) {
    super('a merge of two devices would make two periods overlap');
    this.name = 'MergeOverlapError';
  }
}

const sameSlot = (a: Period, b: Period) =>
  a.id === b.id && a.day === b.day && a.start === b.start && a.end === b.end;

/**
 * The first overlap of a timetable, or null. `written` is the arriving write's version when `data` is a merge
 * of it with another device's: the period at fault is then the one the writing device has as it stands.
 */
export function overlapOf(data: TimetableData, written?: TimetableData): TimetableOverlap | null {
  const clash = findOverlap(data.periods);
  if (clash === null) return null;
  const own = (period: Period) => written?.periods.some((mine) => sameSlot(mine, period)) === true;
  const [mine, other] =
    own(clash.second) || !own(clash.first) ? [clash.second, clash.first] : [clash.first, clash.second];
  const { id, subject, start, end } = other;
  return {
    day: mine.day,
    periodId: mine.id,
    other: { id, subject, start, end },
    fromOtherDevice: written !== undefined,
  };
}

/** The ISO weekday's name in the student's language (2024-01-01 was a Monday). */
function weekday(language: Language, day: number): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2024, 0, day),
  );
}

const spelled = (period: { subject: string; start: string; end: string }) =>
  `${period.subject} (${period.start}–${period.end})`;

/** The refusal: 400 for a write that overlaps itself, 409 for a merge that would; the message names both. */
export function sendOverlap(
  request: FastifyRequest,
  reply: FastifyReply,
  overlap: TimetableOverlap,
  periods: readonly Period[],
) {
  const language = languageOf(request);
  const mine = periods.find((period) => period.id === overlap.periodId) ?? overlap.other;
  const msg = translate(language, overlap.fromOtherDevice ? 'mergeOverlap' : 'periodsOverlap', {
    day: weekday(language, overlap.day),
    mine: spelled(mine),
    other: spelled(overlap.other),
  });
  return reply
    .code(overlap.fromOtherDevice ? 409 : 400)
    .type('application/json; charset=utf-8')
    .send({ success: false as const, msg, requestId: request.id, overlap });
}
