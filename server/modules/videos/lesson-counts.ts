import type { SubjectLessonCount } from './schemas';

/**
 * The lessons of a filtered list counted per subject and per topic, in list order: what a section's video
 * page says of each subject ("12 videos · 6 topics") must be the subject's, not the loaded page's.
 */
export function lessonCounts(
  lessons: readonly { subjectId: string; subsection: string }[],
): SubjectLessonCount[] {
  const subjects = new Map<string, { lessons: number; topics: Map<string, number> }>();
  for (const lesson of lessons) {
    let subject = subjects.get(lesson.subjectId);
    if (subject === undefined) {
      subject = { lessons: 0, topics: new Map() };
      subjects.set(lesson.subjectId, subject);
    }
    subject.lessons += 1;
    subject.topics.set(lesson.subsection, (subject.topics.get(lesson.subsection) ?? 0) + 1);
  }
  return [...subjects].map(([subjectId, subject]) => ({
    subjectId,
    lessons: subject.lessons,
    topics: [...subject.topics].map(([subsection, count]) => ({ subsection, lessons: count })),
  }));
}
