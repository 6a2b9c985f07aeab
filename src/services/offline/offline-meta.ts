import * as z from 'zod/mini';
import { QUALITIES } from '../../../machines/videoQuality';

// What the offline store keeps beside each stored body, in a header of the cached response (the Cache API
// has no other place for it), read back through the schemas below: an entry that does not read back is
// simply not listed, and a field added later reads with its default.

export const META_HEADER = 'x-offline-video';

const qualitySchema = z.enum(QUALITIES);

/** A lesson as the offline store names it: enough to list it, and to delete it when its subject expires. */
const lessonSchema = z.object({
  videoId: z.string(),
  title: z.string(),
  subjectId: z.string(),
  subjectTitle: z.string(),
});
export type OfflineLesson = z.infer<typeof lessonSchema>;

const videoMetaSchema = z.extend(lessonSchema, {
  /** null for a download made before renditions existed. */
  quality: z.catch(z.nullable(qualitySchema), null),
  sizeBytes: z.number(),
  /** Epoch ms. */
  downloadedAt: z.catch(z.number(), 0),
  /** Where its caption files are stored, so they go with it. */
  captionKeys: z.catch(z.array(z.string()), []),
});

const partialMetaSchema = z.extend(lessonSchema, {
  quality: qualitySchema,
  totalBytes: z.catch(z.nullable(z.number()), null),
  /** The file's validator: a changed file is downloaded again from the start. */
  etag: z.catch(z.nullable(z.string()), null),
});

export interface OfflineVideo extends z.infer<typeof videoMetaSchema> {
  /** The stable URL it is stored under (the rendition's URL without its expiring signature). */
  key: string;
}

/** The start of a download, kept so a lost connection, a pause or a reload costs nothing already paid for. */
export interface PartialDownload extends z.infer<typeof partialMetaSchema> {
  key: string;
  receivedBytes: number;
}

function parse(response: Response): unknown {
  const raw = response.headers.get(META_HEADER);
  if (!raw) return null;
  try {
    return JSON.parse(decodeURIComponent(raw));
  } catch {
    return null;
  }
}

export function readVideoMeta(key: string, response: Response): OfflineVideo | null {
  const meta = videoMetaSchema.safeParse(parse(response));
  return meta.success ? { ...meta.data, key } : null;
}

export function readPartialMeta(
  key: string,
  response: Response,
  receivedBytes: number,
): PartialDownload | null {
  const meta = partialMetaSchema.safeParse(parse(response));
  return meta.success ? { ...meta.data, key, receivedBytes } : null;
}

export function metaHeader(meta: object): Record<string, string> {
  return { [META_HEADER]: encodeURIComponent(JSON.stringify(meta)) };
}
