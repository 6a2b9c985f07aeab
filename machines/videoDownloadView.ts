import type { VideoDownloadSnapshot } from './videoDownload';
import type { DownloadRendition } from './videoDownloadTypes';
import type { Quality } from './videoQuality';
import { isMetered } from './videoQuality';

// What the download control and the player read of the videoDownload machine (machines/videoDownload.ts).

interface Progress {
  readonly quality: Quality;
  readonly receivedBytes: number;
  readonly totalBytes: number | null;
}

export type DownloadView =
  | { readonly status: 'unavailable' | 'checking' | 'available' | 'discarding' | 'removing' }
  | {
      readonly status: 'choosing';
      readonly quality: Quality;
      readonly renditions: readonly DownloadRendition[];
      readonly metered: boolean;
    }
  | ({ readonly status: 'waitingForWifi' | 'downloading' | 'interrupted' | 'paused' | 'failed' } & Progress)
  | { readonly status: 'downloaded'; readonly quality: Quality; readonly sizeBytes: number | null };

const PROGRESS_STATES = ['waitingForWifi', 'downloading', 'interrupted', 'paused', 'failed'] as const;
const PLAIN_STATES = ['unavailable', 'available', 'discarding', 'removing'] as const;

/** What the download control shows. */
export function selectDownloadView(snapshot: VideoDownloadSnapshot): DownloadView {
  const { context } = snapshot;
  if (snapshot.matches('choosing')) {
    return {
      status: 'choosing',
      quality: context.quality,
      renditions: context.renditions,
      metered: isMetered(context.hints),
    };
  }
  for (const status of PROGRESS_STATES) {
    if (snapshot.matches(status)) {
      // Before a byte arrived the total is the rendition's listed size.
      const listed =
        context.renditions.find((rendition) => rendition.quality === context.quality)?.sizeBytes ?? null;
      return {
        status,
        quality: context.quality,
        receivedBytes: context.receivedBytes,
        totalBytes: context.totalBytes ?? listed,
      };
    }
  }
  if (snapshot.matches('downloaded')) {
    return { status: 'downloaded', quality: context.quality, sizeBytes: context.sizeBytes };
  }
  for (const status of PLAIN_STATES) if (snapshot.matches(status)) return { status };
  return { status: 'checking' };
}

export const selectWifiOnly = (snapshot: VideoDownloadSnapshot): boolean => snapshot.context.wifiOnly;
/** The rendition stored on the device, which plays without data (Auto prefers it). */
export const selectDownloadedQuality = (snapshot: VideoDownloadSnapshot): Quality | null =>
  snapshot.matches('downloaded') ? snapshot.context.quality : null;
