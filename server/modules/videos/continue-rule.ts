/**
 * What a student's home offers to watch ("Continue" and "Next up", docs/home.md), from the positions on
 * their account. Pure: the route hands it the catalogue, the positions and the access it read.
 *
 * - Continue: the lesson watched last (the newest position of a lesson the student may watch now), unless
 *   it was finished (the player saves 0 for a finished lesson).
 * - Next up: the first lesson after that one in its subject's order that is not finished; when the subject
 *   has none left (or nothing was watched yet), the first lesson of a paid subject not started yet, one of
 *   the same section as the lesson watched last first.
 */

/** A lesson as the rule reads it. */
export interface RuleLesson {
  readonly _id: string;
  readonly subjectId: string;
  readonly section: string;
  readonly durationSeconds: number;
}

/** A position on the account: seconds from the start (0 once finished), and when (epoch ms). */
export interface AccountPosition {
  readonly videoId: string;
  readonly position: number;
  readonly updatedAt: number;
}

export interface ContinueInput<L extends RuleLesson> {
  /** Every lesson, in catalogue order (subject order, then the lesson's place in its subject). */
  readonly lessons: readonly L[];
  readonly positions: readonly AccountPosition[];
  /** Subjects the student may watch now: paid and unexpired, and free ones. */
  readonly mayWatch: (subjectId: string) => boolean;
  /** Subjects paid and unexpired: where a new subject to start is looked for. */
  readonly paidSubjects: ReadonlySet<string>;
}

export interface ContinuePick<L extends RuleLesson> {
  resume: { lesson: L; position: number; updatedAt: number } | null;
  nextUp: { lesson: L; position: number; reason: 'nextInSubject' | 'newSubject' } | null;
}

/** Finished: the player saved 0 at the end; a position at or past the lesson's length counts too. */
const isFinished = (position: number, lesson: RuleLesson) =>
  position <= 0 || (lesson.durationSeconds > 0 && position >= lesson.durationSeconds);

export function pickContinue<L extends RuleLesson>(input: ContinueInput<L>): ContinuePick<L> {
  const { lessons, mayWatch, paidSubjects } = input;
  const indexOf = new Map(lessons.map((lesson, index) => [lesson._id, index]));
  const saved = new Map<string, AccountPosition>();
  for (const entry of input.positions) {
    const index = indexOf.get(entry.videoId);
    const lesson = index === undefined ? undefined : lessons[index];
    // A lesson no longer listed, or of a subject the student may not watch now (expired), is left out.
    if (lesson !== undefined && mayWatch(lesson.subjectId)) saved.set(entry.videoId, entry);
  }

  let latest: AccountPosition | null = null;
  for (const entry of saved.values()) {
    if (latest === null || entry.updatedAt > latest.updatedAt) latest = entry;
  }
  const latestIndex = latest === null ? -1 : (indexOf.get(latest.videoId) ?? -1);
  const latestLesson = lessons[latestIndex];

  let resume: ContinuePick<L>['resume'] = null;
  if (latest !== null && latestLesson !== undefined && !isFinished(latest.position, latestLesson)) {
    resume = { lesson: latestLesson, position: latest.position, updatedAt: latest.updatedAt };
  }

  const positionOf = (lesson: L): number | null => saved.get(lesson._id)?.position ?? null;
  return {
    resume,
    nextUp:
      (latestLesson === undefined ? null : nextInSubject(lessons, latestIndex, latestLesson, positionOf)) ??
      newSubject(lessons, paidSubjects, mayWatch, latestLesson?.section, (lesson) => saved.has(lesson._id)),
  };
}

function nextInSubject<L extends RuleLesson>(
  lessons: readonly L[],
  from: number,
  current: L,
  positionOf: (lesson: L) => number | null,
): ContinuePick<L>['nextUp'] {
  for (let index = from + 1; index < lessons.length; index += 1) {
    const lesson = lessons[index] as L;
    if (lesson.subjectId !== current.subjectId) continue;
    const position = positionOf(lesson);
    if (position !== null && isFinished(position, lesson)) continue;
    return { lesson, position: position ?? 0, reason: 'nextInSubject' };
  }
  return null;
}

function newSubject<L extends RuleLesson>(
  lessons: readonly L[],
  paidSubjects: ReadonlySet<string>,
  mayWatch: (subjectId: string) => boolean,
  preferredSection: string | undefined,
  watched: (lesson: L) => boolean,
): ContinuePick<L>['nextUp'] {
  const started = new Set(lessons.filter(watched).map((lesson) => lesson.subjectId));
  const firsts: L[] = [];
  const seen = new Set<string>();
  for (const lesson of lessons) {
    if (seen.has(lesson.subjectId)) continue;
    seen.add(lesson.subjectId);
    if (paidSubjects.has(lesson.subjectId) && mayWatch(lesson.subjectId) && !started.has(lesson.subjectId)) {
      firsts.push(lesson);
    }
  }
  const first = firsts.find((lesson) => lesson.section === preferredSection) ?? firsts[0];
  return first === undefined ? null : { lesson: first, position: 0, reason: 'newSubject' };
}
