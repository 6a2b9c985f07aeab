import type { Quality } from '../lib/media-files';

// The renditions every lesson is transcoded into (issue 11). Students pay about 1,000 FCFA per GB, so the
// ladder starts with a data-saver rendition of at most 160 kb/s in total, video, audio and MP4 container
// together, then 360p and 480p. All are H.264 (main profile, level 3.0: every Android phone decodes it in
// hardware) with AAC audio, and "fast start" MP4 (the index first), so playback starts before the end arrives.

/** The data-saver rendition's ceiling, in kilobits per second, measured on the finished file. */
export const DATA_SAVER_MAX_KBPS = 160;

export interface RenditionSpec {
  readonly quality: Quality;
  /** Frame height; never upscaled from a smaller source. */
  readonly height: number;
  /** Video ceiling (VBV maxrate and buffer), kb/s. */
  readonly videoKbps: number;
  readonly audioKbps: number;
  readonly audioSampleRate: number;
  /** Frames per second, when lower than the source's is worth the saving. */
  readonly fps: number | null;
}

// The saver's video ceiling leaves room for 32 kb/s of audio and the container's few kb/s, so the whole
// file stays under DATA_SAVER_MAX_KBPS even for a short clip where the VBV buffer weighs most.
export const RENDITION_LADDER: readonly RenditionSpec[] = [
  { quality: 'saver', height: 240, videoKbps: 100, audioKbps: 32, audioSampleRate: 22_050, fps: 15 },
  { quality: '360p', height: 360, videoKbps: 320, audioKbps: 48, audioSampleRate: 44_100, fps: null },
  { quality: '480p', height: 480, videoKbps: 600, audioKbps: 64, audioSampleRate: 44_100, fps: null },
];

/** Bumped whenever the ladder changes, so a re-run transcodes again instead of keeping old renditions. */
export const LADDER_VERSION = 1;

/** Keyframes every 2 seconds whatever the frame rate: seeking lands close to where the student points. */
const KEYFRAME_SECONDS = 2;

/** ffmpeg's arguments (after the input) for one rendition, written as MP4 to `output`. */
export function renditionArgs(spec: RenditionSpec, source: string, output: string): string[] {
  const scale = `scale=-2:'trunc(min(${spec.height},ih)/2)*2'`;
  const filters = spec.fps === null ? scale : `fps=${spec.fps},${scale}`;
  return [
    '-i',
    source,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-map_metadata',
    '-1',
    '-sn',
    '-dn',
    '-vf',
    filters,
    '-c:v',
    'libx264',
    '-profile:v',
    'main',
    '-level:v',
    '3.0',
    '-pix_fmt',
    'yuv420p',
    '-preset',
    'veryfast',
    '-crf',
    '28',
    '-maxrate',
    `${spec.videoKbps}k`,
    '-bufsize',
    `${spec.videoKbps}k`,
    '-force_key_frames',
    `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
    '-c:a',
    'aac',
    '-b:a',
    `${spec.audioKbps}k`,
    '-ac',
    '1',
    '-ar',
    String(spec.audioSampleRate),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
}

/**
 * A small WebP still from a third of the way in (the title card of a lesson is rarely telling), `width`
 * pixels wide (the default thumbnail is 320).
 */
export function thumbnailArgs(source: string, atSeconds: number, output: string, width = 320): string[] {
  return [
    '-ss',
    atSeconds.toFixed(2),
    '-i',
    source,
    '-frames:v',
    '1',
    '-vf',
    `scale=${width}:-2`,
    '-c:v',
    'libwebp',
    '-quality',
    '60',
    '-f',
    'webp',
    output,
  ];
}
