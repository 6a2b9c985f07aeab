import { describe, expect, it } from 'vitest';
import {
  type AccountPosition,
  pickContinue,
  type RuleLesson,
} from '../../server/modules/videos/continue-rule';

// The rule behind a paying student's home (docs/home.md): "Continue" is the lesson watched last unless it
// was finished; "Next up" the first unfinished lesson after it in its subject, else the first lesson of a
// paid subject not started yet, the section watched last first.

const lesson = (
  subjectId: string,
  n: number,
  section = 'francophone',
  durationSeconds = 600,
): RuleLesson => ({
  _id: `${subjectId}-${n}`,
  subjectId,
  section,
  durationSeconds,
});

// Catalogue order: subject order, then lesson order.
const LESSONS: RuleLesson[] = [
  lesson('eng', 1, 'anglophone'),
  lesson('eng', 2, 'anglophone'),
  lesson('maths', 1),
  lesson('maths', 2),
  lesson('maths', 3),
  lesson('maths', 4),
  lesson('physics', 1),
  lesson('physics', 2),
  lesson('skills', 1, 'extra-curricular'),
];

const at = (minute: number) => Date.UTC(2026, 2, 1, 10, minute);
const pos = (videoId: string, position: number, minute: number): AccountPosition => ({
  videoId,
  position,
  updatedAt: at(minute),
});

function pick(
  positions: AccountPosition[],
  paid: string[] = ['eng', 'maths', 'physics'],
  free: string[] = ['skills'],
) {
  const result = pickContinue({
    lessons: LESSONS,
    positions,
    paidSubjects: new Set(paid),
    mayWatch: (subjectId) => paid.includes(subjectId) || free.includes(subjectId),
  });
  return {
    resume: result.resume && { id: result.resume.lesson._id, position: result.resume.position },
    nextUp: result.nextUp && {
      id: result.nextUp.lesson._id,
      position: result.nextUp.position,
      reason: result.nextUp.reason,
    },
  };
}

describe('pickContinue', () => {
  it('offers nothing to a student who paid for nothing and watched nothing', () => {
    expect(pick([], [])).toEqual({ resume: null, nextUp: null });
  });

  it('offers the first lesson of the first paid subject when nothing was watched yet', () => {
    expect(pick([], ['maths', 'physics'])).toEqual({
      resume: null,
      nextUp: { id: 'maths-1', position: 0, reason: 'newSubject' },
    });
  });

  it('resumes the lesson watched last where the student stopped, and offers the one after it', () => {
    const result = pick([pos('maths-1', 0, 1), pos('maths-2', 125, 9), pos('physics-1', 30, 5)]);
    expect(result).toEqual({
      resume: { id: 'maths-2', position: 125 },
      nextUp: { id: 'maths-3', position: 0, reason: 'nextInSubject' },
    });
  });

  it('takes the newest position whatever the order it comes in', () => {
    const positions = [pos('physics-1', 30, 9), pos('maths-2', 125, 5)];
    expect(pick(positions).resume).toEqual({ id: 'physics-1', position: 30 });
    expect(pick([...positions].reverse()).resume).toEqual({ id: 'physics-1', position: 30 });
  });

  it('resumes nothing after a finished lesson and offers the next one not finished, with what was watched of it', () => {
    const result = pick([pos('maths-3', 0, 2), pos('maths-4', 200, 1), pos('maths-2', 0, 9)]);
    expect(result).toEqual({
      resume: null,
      nextUp: { id: 'maths-4', position: 200, reason: 'nextInSubject' },
    });
  });

  it('counts a position at or past the end of the lesson as finished', () => {
    expect(pick([pos('maths-1', 600, 9)])).toEqual({
      resume: null,
      nextUp: { id: 'maths-2', position: 0, reason: 'nextInSubject' },
    });
    expect(pick([pos('maths-1', 599, 9)]).resume).toEqual({ id: 'maths-1', position: 599 });
  });

  it('goes to a paid subject not started yet after the last lesson of a subject, the same section first', () => {
    // eng comes first in the catalogue, but the student was studying in the francophone section.
    expect(pick([pos('maths-4', 0, 9)]).nextUp).toEqual({
      id: 'physics-1',
      position: 0,
      reason: 'newSubject',
    });
    // The resumed lesson is the last of its subject: next is a new subject too.
    expect(pick([pos('maths-4', 300, 9)])).toEqual({
      resume: { id: 'maths-4', position: 300 },
      nextUp: { id: 'physics-1', position: 0, reason: 'newSubject' },
    });
    // Every francophone subject started: another section's.
    expect(pick([pos('physics-2', 10, 1), pos('maths-4', 0, 9)]).nextUp).toEqual({
      id: 'eng-1',
      position: 0,
      reason: 'newSubject',
    });
    // Every paid subject started: nothing new to offer.
    expect(pick([pos('eng-1', 10, 1), pos('physics-2', 10, 2), pos('maths-4', 0, 9)]).nextUp).toBeNull();
  });

  it('leaves out lessons the student may not watch now, and lessons no longer listed', () => {
    // Physics expired: its newer position is not "Continue", and it is not a subject to start.
    expect(pick([pos('maths-2', 50, 1), pos('physics-1', 30, 9), pos('gone-7', 10, 10)], ['maths'])).toEqual({
      resume: { id: 'maths-2', position: 50 },
      nextUp: { id: 'maths-3', position: 0, reason: 'nextInSubject' },
    });
    expect(pick([pos('physics-1', 30, 9)], [])).toEqual({ resume: null, nextUp: null });
  });

  it('resumes a free lesson, but offers only paid subjects as new ones', () => {
    expect(pick([pos('skills-1', 40, 9)], ['maths'])).toEqual({
      resume: { id: 'skills-1', position: 40 },
      nextUp: { id: 'maths-1', position: 0, reason: 'newSubject' },
    });
  });
});
