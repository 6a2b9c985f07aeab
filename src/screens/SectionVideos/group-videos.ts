import type { Video } from '../../../contract/videos';

export interface TopicGroup {
  subsection: string;
  videos: Video[];
}

export interface SubjectGroup {
  subjectId: string;
  subjectTitle: string;
  /** True when any lesson is locked: the subject is unpaid or its access expired. */
  locked: boolean;
  topics: TopicGroup[];
}

/** Videos by subject, then by topic (subsection), keeping the server's lesson order inside each. */
export function groupVideos(videos: readonly Video[]): SubjectGroup[] {
  const subjects = new Map<string, SubjectGroup>();
  for (const video of videos) {
    let subject = subjects.get(video.subjectId);
    if (!subject) {
      subject = { subjectId: video.subjectId, subjectTitle: video.subjectTitle, locked: false, topics: [] };
      subjects.set(video.subjectId, subject);
    }
    subject.locked ||= video.locked;
    let topic = subject.topics.find((t) => t.subsection === video.subsection);
    if (!topic) {
      topic = { subsection: video.subsection, videos: [] };
      subject.topics.push(topic);
    }
    topic.videos.push(video);
  }
  return [...subjects.values()];
}

/** The route of one topic's list: sort-videos-by-topics/{subjectTitle}/{subsection}. */
export function topicHref(subjectTitle: string, subsection: string): string {
  return `/sort-videos-by-topics/${encodeURIComponent(subjectTitle)}/${encodeURIComponent(subsection)}`;
}

/** Route params arrive decoded by the router except reserved characters (',', '/', '?'); finish the job. */
export function decodeParam(value: string | undefined): string {
  if (!value) return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
