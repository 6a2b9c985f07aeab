import type { ListedSection } from '../../../contract/common';
import type {
  CommentLikeResponse,
  CommentResponse,
  CommentVideoPayload,
  ContinueWatching,
  FilteredVideosPayload,
  LikeCommentPayload,
  SaveVideoPositionPayload,
  UpNextVideosPayload,
  Video,
  VideoActionPayload,
  VideoCountsResponse,
  VideoPage,
  VideoPageQuery,
  VideoPlayAnswer,
  VideoPosition,
} from '../../../contract/videos';
import { queryString, VIDEO_SECTION_PATHS } from './call-shapes';
import type { CallShapes } from './endpoint-shapes';
import { CALL, CONTINUE_PATH } from './endpoint-shapes';

/**
 * The player's one request (issue 19). The page's inline script sends the same URL before the app's code
 * arrives (src/app/lesson-start-boot.ts), so the client can take its answer (early-answers.ts).
 */
export const PLAY_VIDEO_PATH = 'videos/video/play';

/** The lessons: their lists, the player's start, reactions and comments, the resume position. */
export function videoEndpoints({ client, send, get }: CallShapes) {
  const { videoRead, videoList, videoCall } = CALL;
  return {
    fetchVideos: (section?: ListedSection) =>
      client.request<Video[]>({
        method: 'GET',
        path: section ? `videos/fetchvideos/${VIDEO_SECTION_PATHS[section]}` : 'videos/fetchvideos',
        ...videoList,
      }),
    /** One page of lessons (issue 12); kept for the session like the other lists (docs/product.md §7). */
    fetchVideoPage: (query: VideoPageQuery = {}) =>
      client.request<VideoPage>({ method: 'GET', path: `videos/page${queryString(query)}`, ...videoList }),
    filteredVideos: send<FilteredVideosPayload, Video[]>('POST', 'videos/filtered-videos', videoRead),
    upNextVideos: send<UpNextVideosPayload, Video[]>('POST', 'videos/upnext-videos', videoRead),
    /**
     * What the player needs before the first frame, in one round trip (issue 19): the lesson with fresh
     * signed URLs, its subject's price and the student's access. Never cached: the URLs expire.
     */
    playVideo: (videoId: string) =>
      client.request<VideoPlayAnswer>({
        method: 'GET',
        path: `${PLAY_VIDEO_PATH}?videoId=${encodeURIComponent(videoId)}`,
        ...videoRead,
      }),
    // Reactions do not invalidate the cached lists: their answers carry the new counts, and refetching
    // every list after each view would cost students mobile data.
    commentVideo: send<CommentVideoPayload, CommentResponse>('POST', 'videos/video/comment', videoCall),
    likeVideo: send<VideoActionPayload, VideoCountsResponse>('PUT', 'videos/video/like', videoCall),
    dislikeVideo: send<VideoActionPayload, VideoCountsResponse>('PUT', 'videos/video/dislike', videoCall),
    viewVideo: send<VideoActionPayload, VideoCountsResponse>('PUT', 'videos/video/view', videoCall),
    // The resume position on the student's account.
    getVideoPosition: (videoId: string) =>
      client.request<VideoPosition>({
        method: 'GET',
        path: `videos/video/position?videoId=${encodeURIComponent(videoId)}`,
        ...videoCall,
      }),
    // A saved position changes what home offers to continue.
    saveVideoPosition: send<SaveVideoPositionPayload, VideoPosition>('PUT', 'videos/video/position', {
      ...videoCall,
      invalidates: [CONTINUE_PATH],
    }),
    /** "Continue" and "Next up" for a paying student's home (docs/home.md); kept until a position is saved. */
    fetchContinue: get<ContinueWatching>(CONTINUE_PATH, videoList),
    likeComment: send<LikeCommentPayload, CommentLikeResponse>('PUT', 'videos/video/comment/like', videoCall),
  };
}
