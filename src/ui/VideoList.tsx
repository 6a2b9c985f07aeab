import type { Video } from '../services/api/types';
import { VideoCard } from './VideoCard';

type ListedVideo = Pick<
  Video,
  '_id' | 'title' | 'thumbnailUrl' | 'thumbnailSrcset' | 'durationSeconds' | 'views' | 'locked'
>;

/** Lessons as cards, in the order given. */
export function VideoList({ videos }: { videos: readonly ListedVideo[] }) {
  return (
    <ul className="video-list">
      {videos.map((video) => (
        <li key={video._id}>
          <VideoCard
            id={video._id}
            title={video.title}
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
