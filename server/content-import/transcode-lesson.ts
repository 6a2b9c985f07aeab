import { copyFileSync, existsSync, linkSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Quality,
  renditionFile,
  THUMBNAIL_WIDTH,
  THUMBNAIL_WIDTHS,
  thumbnailFile,
  thumbnailSizeFile,
} from '../lib/media-files';
import { MediaError, type MediaTools, probe, transcode } from './ffmpeg';
import { RENDITION_LADDER, renditionArgs, thumbnailArgs } from './ladder';

export interface RenditionInfo {
  readonly quality: Quality;
  readonly file: string;
  readonly width: number;
  readonly height: number;
  /** Measured on the finished file (ffprobe), bits per second. */
  readonly bitrate: number;
  readonly sizeBytes: number;
  readonly durationSeconds: number;
}

export interface TranscodedLesson {
  readonly stem: string;
  readonly durationSeconds: number;
  readonly thumbnail: string;
  readonly renditions: readonly RenditionInfo[];
}

/** A step of one lesson: a rendition, or the thumbnail. */
export type TranscodeStep = Quality | 'thumbnail';

export interface TranscodeProgress {
  readonly step: TranscodeStep;
  readonly percent: number;
  /** The step's output was already complete from an earlier, interrupted run. */
  readonly reused: boolean;
}

/**
 * Writes `output` through `<output>.part`, renamed only once ffmpeg succeeded: a file with its final name is
 * always complete, which is what lets an interrupted run resume by keeping it.
 */
async function produce(output: string, write: (partial: string) => Promise<void>): Promise<boolean> {
  if (existsSync(output)) return true;
  const partial = `${output}.part`;
  try {
    await write(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, output);
  return false;
}

/**
 * Transcodes one source into every rendition of the ladder plus a thumbnail (and its sized copies), under mediaDir/videos and
 * mediaDir/thumbnails, named after `stem` (which carries the source's hash, so kept files always belong to
 * this very source). Renditions already there from an interrupted run are kept, not transcoded again.
 */
export async function transcodeLesson(options: {
  tools: MediaTools;
  source: string;
  stem: string;
  mediaDir: string;
  onProgress?: (progress: TranscodeProgress) => void;
  signal?: AbortSignal;
}): Promise<TranscodedLesson> {
  const { tools, source, stem, mediaDir, onProgress, signal } = options;
  const input = await probe(tools, source);
  if (input.video === null) throw new MediaError('ffmpeg cannot read it: no video stream');
  const videosDir = join(mediaDir, 'videos');
  const thumbnailsDir = join(mediaDir, 'thumbnails');
  mkdirSync(videosDir, { recursive: true });
  mkdirSync(thumbnailsDir, { recursive: true });

  const renditions: RenditionInfo[] = [];
  for (const spec of RENDITION_LADDER) {
    const file = renditionFile(stem, spec.quality);
    const output = join(videosDir, file);
    const report = (percent: number, reused: boolean) =>
      onProgress?.({ step: spec.quality, percent, reused });
    const reused = await produce(output, (partial) =>
      transcode(tools, renditionArgs(spec, source, partial), {
        durationSeconds: input.durationSeconds,
        onPercent: (percent) => report(percent, false),
        ...(signal ? { signal } : {}),
      }),
    );
    if (reused) report(100, true);
    const measured = await probe(tools, output);
    if (measured.video === null) throw new MediaError(`the ${spec.quality} rendition has no video`);
    renditions.push({
      quality: spec.quality,
      file,
      width: measured.video.width,
      height: measured.video.height,
      bitrate: measured.bitrate,
      sizeBytes: measured.sizeBytes,
      durationSeconds: measured.durationSeconds,
    });
  }

  const thumbnail = thumbnailFile(stem);
  const atSeconds = Math.min(3, input.durationSeconds / 3);
  let thumbnailReused = true;
  for (const width of THUMBNAIL_WIDTHS) {
    const reused = await produce(join(thumbnailsDir, thumbnailSizeFile(stem, width)), (partial) =>
      transcode(tools, thumbnailArgs(source, atSeconds, partial, width), {
        durationSeconds: 0,
        ...(signal ? { signal } : {}),
      }),
    );
    thumbnailReused &&= reused;
  }
  // The thumbnail under its own name is its 320-px size: the same file, linked, never encoded a second time.
  const sameSize = join(thumbnailsDir, thumbnailSizeFile(stem, THUMBNAIL_WIDTH));
  const linkedReused = await produce(join(thumbnailsDir, thumbnail), async (partial) => {
    try {
      linkSync(sameSize, partial);
    } catch {
      // A file system without hard links (some network or FAT disks): a copy of the bytes, still not re-encoded.
      copyFileSync(sameSize, partial);
    }
  });
  onProgress?.({ step: 'thumbnail', percent: 100, reused: thumbnailReused && linkedReused });
  return { stem, durationSeconds: input.durationSeconds, thumbnail, renditions };
}
