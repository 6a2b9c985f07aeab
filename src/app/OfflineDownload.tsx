import type { Video } from '../services/api/types';
import { DownloadButton } from '../ui/DownloadButton';
import { useVideoDownload } from './use-video-download';

/**
 * The video player's "download for offline" control: shown only for a video the student may watch (it has
 * a streamUrl). Drop it next to the player: `<OfflineDownload video={video} />`.
 */
export function OfflineDownload({ video }: { video: Video }) {
  if (!video.streamUrl) return null;
  return <OfflineDownloadFor key={video._id} video={{ ...video, streamUrl: video.streamUrl }} />;
}

function OfflineDownloadFor({ video }: { video: Video & { streamUrl: string } }) {
  const download = useVideoDownload(video);
  return (
    <DownloadButton
      view={download.view}
      onRequest={download.request}
      onConfirm={download.confirm}
      onCancel={download.cancel}
      onRetry={download.retry}
      onRemove={download.remove}
    />
  );
}
