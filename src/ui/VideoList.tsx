import { useTranslation } from 'react-i18next';
import type { Video } from '../../contract/videos';
import { VideoCard } from './VideoCard';
import { videoTitle } from './video-title';

type ListedVideo = Pick<
  Video,
  '_id' | 'title' | 'titles' | 'thumbnailUrl' | 'thumbnailSrcset' | 'durationSeconds' | 'views' | 'locked'
>;

/** Lessons as cards, in the order given. */
export function VideoList({ videos }: { videos: readonly ListedVideo[] }) {
  const { i18n } = useTranslation();
  return (
    <ul className="video-list">
      {videos.map((video) => (
        <li key={video._id}>
          <VideoCard
            id={video._id}
            title={videoTitle(video, i18n.language)}
            thumbnailUrl={video.thumbnailUrl}
            thumbnailSrcset={video.thumbnailSrcset}
            durationSeconds={video.durationSeconds}
            views={video.views}
            locked={video.locked}
          />
        </li>
      ))}
    </ul>
  );
}
