import { z } from 'zod';
import { bilingual, idSchema, pageQueryFields, sectionSchema } from './common';
import { LANGUAGES } from './rules/language';

// Video lessons (docs/api.md "Videos"): lists and pages, renditions and captions, comments, reactions, positions.

/** A lesson's renditions, smallest first (issue 11). */
export const QUALITIES = ['saver', '360p', '480p'] as const;
export type Quality = (typeof QUALITIES)[number];
/** Every lesson has captions in the app's languages. */
export const CAPTION_LANGUAGES = LANGUAGES;

export const commentSchema = z.object({
  _id: z.string(),
  videoId: z.string(),
  userId: z.string().nullable().describe('null once the author deleted the account'),
  username: z.string().describe('empty once the author deleted the account'),
  text: z.string(),
  likes: z.number().int(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const renditionSchema = z.object({
  quality: z
    .enum(QUALITIES)
    .describe("'saver' is the data-saver rendition (at most 160 kb/s in total, about 240p)"),
  width: z.number().int(),
  height: z.number().int(),
  bitrate: z
    .number()
    .int()
    .describe('total bits per second (video, audio and container), measured on the file'),
  sizeBytes: z.number().int().describe('bytes a full download costs'),
  durationSeconds: z.number(),
  url: z
    .string()
    .optional()
    .describe('Only with current access: a signed, short-lived URL of this rendition (HTTP Range).'),
});
export type Rendition = z.infer<typeof renditionSchema>;

export const captionSchema = z.object({
  lang: z.enum(CAPTION_LANGUAGES),
  url: z.string().optional().describe('Only with current access: a signed URL of the WebVTT file.'),
});
export type Caption = z.infer<typeof captionSchema>;

export const videoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  titles: bilingual.optional().describe('the title in both languages, when the lesson has both'),
  subjectId: z.string(),
  subjectTitle: z.string(),
  section: sectionSchema,
  subsection: z.string().describe('the topic'),
  level: z.string(),
  description: z.string(),
  thumbnailUrl: z.string(),
  thumbnailSrcset: z
    .string()
    .optional()
    .describe('The thumbnail in several widths, for <img srcset> (issue 12)'),
  durationSeconds: z.number().int(),
  views: z.number().int(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  comments: z.array(commentSchema),
  locked: z.boolean(),
  streamUrl: z
    .string()
    .optional()
    .describe(
      'Only with current access: a signed, short-lived URL a plain <video src> can play (HTTP Range): the data-saver rendition.',
    ),
  renditions: z
    .array(renditionSchema)
    .describe('smallest first; sizes and bitrates let the app show the cost before playing'),
  captions: z.array(captionSchema),
});
export type Video = z.infer<typeof videoSchema>;

export const videoList = z.array(videoSchema);

/** GET videos/page (issue 12): one screen's worth of lessons, filtered on the server. */
export const videoPageQuery = z.object({
  section: sectionSchema.optional(),
  subjectTitle: z.string().trim().min(1).max(200).optional(),
  subsection: z.string().trim().min(1).max(200).optional().describe('the topic'),
  level: z.string().trim().min(1).max(50).optional().describe('compared without case'),
  ...pageQueryFields,
});
export type VideoPageQuery = z.input<typeof videoPageQuery>;

/** How many lessons of one subject match a page's filters, in all and per topic (not only the loaded page). */
export const subjectLessonCountSchema = z.object({
  subjectId: z.string(),
  lessons: z.number().int(),
  topics: z
    .array(z.object({ subsection: z.string(), lessons: z.number().int() }))
    .describe('in catalogue order'),
});
export type SubjectLessonCount = z.infer<typeof subjectLessonCountSchema>;

export const videoPage = z.object({
  success: z.literal(true),
  videos: videoList,
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
  total: z.number().int().describe('Lessons matching the filters, on every page'),
  subjects: z
    .array(subjectLessonCountSchema)
    .optional()
    .describe(
      'First page only (no cursor): the matching lessons counted per subject and topic, in catalogue order, so a screen can say "12 videos · 6 topics" before every page is loaded',
    ),
});
export type VideoPage = z.infer<typeof videoPage>;

export const filteredVideosBody = z.object({
  subjectTitle: z.string().trim().min(1).max(200),
  subsection: z.string().trim().min(1).max(200).optional(),
});
export type FilteredVideosPayload = z.input<typeof filteredVideosBody>;
/** The body of upnext-videos and of the reactions to a video (like, dislike, view). */
export const videoIdBody = z.object({ videoId: idSchema });
export type VideoActionPayload = z.input<typeof videoIdBody>;
export type UpNextVideosPayload = VideoActionPayload;
export const commentBody = z.object({ videoId: idSchema, text: z.string().trim().min(1).max(1000) });
export type CommentVideoPayload = z.input<typeof commentBody>;
export const commentLikeBody = z.object({ videoId: idSchema, commentId: idSchema });
export type LikeCommentPayload = z.input<typeof commentLikeBody>;

export const countsResponse = z.object({
  success: z.literal(true),
  likes: z.number().int(),
  dislikes: z.number().int(),
  views: z.number().int(),
});
export type VideoCountsResponse = z.infer<typeof countsResponse>;
export const commentResponse = z.object({ success: z.literal(true), comment: commentSchema });
export type CommentResponse = z.infer<typeof commentResponse>;
export const commentLikeResponse = z.object({ success: z.literal(true), likes: z.number().int() });
export type CommentLikeResponse = z.infer<typeof commentLikeResponse>;

/**
 * GET videos/video/play (issue 19): what the player needs before the first frame, in one round trip: the
 * lesson with its signed URLs when the student may watch it, its subject's price and the student's access.
 */
export const playQuery = z.object({ videoId: idSchema });
export const playResponse = z.object({
  success: z.literal(true),
  video: videoSchema,
  price: z
    .number()
    .int()
    .nullable()
    .describe("the subject's price in XAF; null when it is not in the catalogue"),
  expired: z.boolean().describe('true when the student has no current access (never paid, or expired)'),
  expiresAt: z
    .string()
    .nullable()
    .describe("the end of the student's access, expired or not; null if never paid"),
});
export type VideoPlayAnswer = z.infer<typeof playResponse>;

/** Where the student stopped, on their account; the newer position wins. */
export const positionQuery = z.object({ videoId: idSchema });
export const savePositionBody = z.object({
  videoId: idSchema,
  position: z
    .number()
    .nonnegative()
    .max(24 * 3600)
    .describe('seconds from the start; 0 once finished'),
  updatedAt: z.iso.datetime({ offset: true }).describe("when the student was there, by the device's clock"),
});
export type SaveVideoPositionPayload = z.input<typeof savePositionBody>;
export const positionResponse = z.object({
  success: z.literal(true),
  position: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type VideoPosition = z.infer<typeof positionResponse>;

/**
 * GET videos/continue: what a student's home offers to watch, from the positions on their account. A
 * lesson as listed there: enough to show it and open the player, not the player's own data.
 */
export const lessonSummarySchema = videoSchema.pick({
  _id: true,
  title: true,
  titles: true,
  subjectId: true,
  subjectTitle: true,
  section: true,
  subsection: true,
  level: true,
  thumbnailUrl: true,
  thumbnailSrcset: true,
  durationSeconds: true,
});
export type LessonSummary = z.infer<typeof lessonSummarySchema>;

export const continueWatchingResponse = z.object({
  success: z.literal(true),
  resume: z
    .object({
      lesson: lessonSummarySchema,
      position: z.number().describe('seconds from the start, where the student stopped'),
      updatedAt: z.string().describe('when the student was there'),
    })
    .nullable()
    .describe('The lesson watched last, when it was not finished; null otherwise'),
  nextUp: z
    .object({
      lesson: lessonSummarySchema,
      position: z.number().describe('seconds already watched of it (0: not started)'),
      reason: z
        .enum(['nextInSubject', 'newSubject'])
        .describe(
          "'nextInSubject': the first unfinished lesson after the one watched last, in its subject's order; 'newSubject': the first lesson of a paid subject not started yet",
        ),
    })
    .nullable(),
});
export type ContinueWatching = z.infer<typeof continueWatchingResponse>;
