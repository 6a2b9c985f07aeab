import type { Video } from '../../contract/videos';
import type { Quality } from '../../machines/videoQuality';
import type { DownloadableVideo } from '../services/offline/offline-video-store';
import { DownloadButton } from '../ui/DownloadButton';
import { useVideoDownload } from './use-video-download';

/** The renditions a student may download: those with a signed URL (a server without renditions: its one stream). */
function downloadable(video: Video): DownloadableVideo | null {
  const renditions = (video.renditions ?? []).flatMap((r) =>
    r.url ? [{ quality: r.quality, sizeBytes: r.sizeBytes, url: r.url }] : [],
  );
  if (renditions.length === 0 && video.streamUrl) {
    renditions.push({ quality: 'saver', sizeBytes: 0, url: video.streamUrl });
  }
  if (renditions.length === 0) return null;
  const captions = (video.captions ?? []).flatMap((c) => (c.url ? [{ lang: c.lang, url: c.url }] : []));
  return {
    _id: video._id,
    title: video.title,
    subjectId: video.subjectId,
    subjectTitle: video.subjectTitle,
    renditions,
    captions,
  };
}

/**
 * The video player's "download for offline" control: shown only for a video the student may watch (it has
 * signed URLs). `onDownloaded` hears which rendition is on the device.
 */
export function OfflineDownload({
  video,
  pricePerGb,
  onDownloaded,
}: {
  video: Video;
  pricePerGb: number;
  onDownloaded?: (quality: Quality | null) => void;
}) {
  const target = downloadable(video);
  if (!target) return null;
  return (
    <OfflineDownloadFor key={video._id} video={target} pricePerGb={pricePerGb} onDownloaded={onDownloaded} />
  );
}

function OfflineDownloadFor({
  video,
  pricePerGb,
  onDownloaded,
}: {
  video: DownloadableVideo;
  pricePerGb: number;
  onDownloaded: ((quality: Quality | null) => void) | undefined;
}) {
  const download = useVideoDownload(video, onDownloaded);
  return (
    <DownloadButton
      view={download.view}
      wifiOnly={download.wifiOnly}
      pricePerGb={pricePerGb}
      onRequest={download.request}
      onChoose={download.choose}
      onConfirm={download.confirm}
      onCancel={download.cancel}
      onPause={download.pause}
      onResume={download.resume}
      onRetry={download.retry}
      onRemove={download.remove}
      onWifiOnly={download.setWifiOnly}
    />
  );
}
