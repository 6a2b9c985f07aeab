// How a video's files are named. A video has a media stem; its renditions are <stem>-<quality>.mp4, its
// captions <stem>-<lang>.vtt and its thumbnail <stem>.webp, also in each width as <stem>-<width>w.webp. A signed URL grants the stem, so one signature
// covers every rendition and caption of the video (and the lists repeat one signature per video, which
// compression then almost removes).

import type { CAPTION_LANGUAGES, Quality } from '../../contract/videos';

export { CAPTION_LANGUAGES, QUALITIES, type Quality } from '../../contract/videos';
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number];

/** Where imported media live (`npm run content:import`), beside the database: <dataDir>/media. */
export const importedMediaDir = (dataDir: string) => `${dataDir}/media`;

/** A stem: letters, digits, '-' and '_', so every file name derived from it is a safe bare name. */
export const STEM_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

export const renditionFile = (stem: string, quality: Quality) => `${stem}-${quality}.mp4`;
export const captionFile = (stem: string, lang: CaptionLanguage) => `${stem}-${lang}.vtt`;
export const thumbnailFile = (stem: string) => `${stem}.webp`;

/** A thumbnail's widths for `srcset` (issue 12): a card 160 px wide on a 1× screen, 320 px on a 2× one. */
export const THUMBNAIL_WIDTHS = [160, 320] as const;
/**
 * The width of the thumbnail under its own name (<stem>.webp): its 320-px size, the same file as
 * <stem>-320w.webp (encoded once, linked under both names).
 */
export const THUMBNAIL_WIDTH = 320;
export const thumbnailSizeFile = (stem: string, width: number) => `${stem}-${width}w.webp`;

/** The thumbnail and each of its sized copies. */
export const thumbnailFiles = (stem: string): string[] => [
  thumbnailFile(stem),
  ...THUMBNAIL_WIDTHS.map((width) => thumbnailSizeFile(stem, width)),
];

export type MediaFile =
  | { readonly kind: 'rendition'; readonly stem: string; readonly quality: Quality }
  | { readonly kind: 'caption'; readonly stem: string; readonly lang: CaptionLanguage };

const RENDITION = /^([A-Za-z0-9][A-Za-z0-9_-]{0,99})-(saver|360p|480p)\.mp4$/;
const CAPTION = /^([A-Za-z0-9][A-Za-z0-9_-]{0,99})-(en|fr)\.vtt$/;

/** What a requested file under /media/videos/ is, or null when it is neither a rendition nor a caption. */
export function parseMediaFile(file: string): MediaFile | null {
  const rendition = RENDITION.exec(file);
  if (rendition?.[1] && rendition[2]) {
    return { kind: 'rendition', stem: rendition[1], quality: rendition[2] as Quality };
  }
  const caption = CAPTION.exec(file);
  if (caption?.[1] && caption[2]) {
    return { kind: 'caption', stem: caption[1], lang: caption[2] as CaptionLanguage };
  }
  return null;
}
