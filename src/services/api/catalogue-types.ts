import type { Bilingual, Language, Section } from './common-types';

// Subjects and their video lessons (API.md "Subjects", "Videos"): lists, pages, comments and reactions.

export interface Subject {
  _id: string;
  subjectTitle: string;
  pictureurl: string;
  /** The picture in several widths for `<img srcset>` (issue 12), when the server has them. */
  pictureSrcset?: string;
  price: number;
  section: Section;
  level: string;
  description: Bilingual;
}

export interface Comment {
  _id: string;
  videoId: string;
  /** null once the author deleted their account. */
  userId: string | null;
  username: string;
  text: string;
  likes: number;
  createdAt: string;
}

/** One rendition of a lesson (issue 11): 'saver' is the data-saver one, at most 160 kb/s in total. */
export type Quality = 'saver' | '360p' | '480p';

export interface Rendition {
  quality: Quality;
  width: number;
  height: number;
  /** Total bits per second of the file, measured. */
  bitrate: number;
  /** What a full download costs. */
  sizeBytes: number;
  durationSeconds: number;
  /** Signed and short-lived; only with current access. */
  url?: string;
}

export interface Caption {
  lang: Language;
  /** Signed WebVTT file; only with current access. */
  url?: string;
}

/** A type, not an interface: it stands where the playback machine's video is expected. */
export type Video = {
  _id: string;
  title: string;
  /** The title in both languages, when the lesson has both (imported lessons). */
  titles?: Bilingual;
  subjectId: string;
  subjectTitle: string;
  section: Section;
  /** The topic the video belongs to. */
  subsection: string;
  level: string;
  description: string;
  thumbnailUrl: string;
  /** The thumbnail in several widths for `<img srcset>` (issue 12), when the server has them. */
  thumbnailSrcset?: string;
  durationSeconds: number;
  views: number;
  likes: number;
  dislikes: number;
  comments: Comment[];
  locked: boolean;
  /** A short-lived signed URL, present only for a student with current access to the subject. */
  streamUrl?: string;
  /** Smallest first; absent from a server without renditions. */
  renditions?: Rendition[];
  captions?: Caption[];
};

/** GET videos/page (issue 12): one page of lessons, filtered on the server. */
export interface VideoPageQuery {
  section?: Section;
  subjectTitle?: string;
  /** The topic. */
  subsection?: string;
  level?: string;
  /** 1–50; the server's default (12) when absent. */
  limit?: number;
  /** The previous page's nextCursor. */
  cursor?: string;
}

export interface VideoPage {
  success: true;
  videos: Video[];
  /** Null on the last page. */
  nextCursor: string | null;
  /** Lessons matching the filters. */
  total: number;
}

export interface FilteredVideosPayload {
  subjectTitle: string;
  subsection?: string;
}

export interface UpNextVideosPayload {
  videoId: string;
}

export interface CommentVideoPayload {
  videoId: string;
  text: string;
}

/** Where the student stopped, on their account; the newer position wins. */
export interface VideoPosition {
  position: number | null;
  /** ISO 8601; null when nothing is saved. */
  updatedAt: string | null;
}

export interface SaveVideoPositionPayload {
  videoId: string;
  /** Seconds; 0 once the video was watched to the end. */
  position: number;
  updatedAt: string;
}

export interface VideoActionPayload {
  videoId: string;
}

export interface LikeCommentPayload {
  videoId: string;
  commentId: string;
}

export interface SubjectsBySectionPayload {
  level?: string;
}

export interface CommentResponse {
  success: boolean;
  comment: Comment;
}

export interface VideoCountsResponse {
  success: boolean;
  likes: number;
  dislikes: number;
  views: number;
}

export interface CommentLikeResponse {
  success: boolean;
  likes: number;
}
