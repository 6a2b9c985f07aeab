import type { Video } from '../../contract/videos';
import { ApiError, NETWORK_FAILURE_STATUS } from '../rules/api-errors';
import type { Endpoints } from '../services/api/endpoints';
import { takePlayerStart } from './player-start';

// The player's load (issue 19), with the player's code: the landing's carries only the handoff (player-start.ts).
/** The calls a lesson's start may make: its one request, and the kept lists when there is no network. */
type PlayerStartApi = Pick<Endpoints, 'playVideo' | 'fetchVideos' | 'fetchSubjects'>;

/**
 * The video, its subject's price and the student's access, for the playback machine: one request (the
 * prefetched one when there is one; a `fresh` load, after a signed URL expired, always asks again).
 * Offline, the service worker's last copy of the answer (src/sw/routes.ts), or with none the lists it kept
 * and the expiry the device last heard from the server, decide, so a downloaded lesson still plays in the bus; the server re-checks at the next
 * online play.
 */
export async function loadPlayerStart(
  api: PlayerStartApi,
  { videoId, fresh }: { videoId: string; fresh: boolean },
  offlineAccess: (subjectId: string) => boolean,
  now: () => number = Date.now,
): Promise<{ video: Video; price: number | null; expired: boolean }> {
  try {
    const answer = fresh ? await api.playVideo(videoId) : await takePlayerStart(api, videoId, now);
    // Offline, the service worker answers with the last copy it kept: an access that ended since has ended.
    const ended = answer.expiresAt !== null && Date.parse(answer.expiresAt) <= now();
    return { video: answer.video, price: answer.price, expired: answer.expired || ended };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== NETWORK_FAILURE_STATUS) throw error;
    const [videos, subjects] = await Promise.all([api.fetchVideos(), api.fetchSubjects()]);
    const video = videos.find((candidate) => candidate._id === videoId);
    if (!video) throw new ApiError({ status: 404, key: 'errors.videoNotFound' });
    const subject = subjects.find((candidate) => candidate._id === video.subjectId);
    return { video, price: subject ? subject.price : null, expired: !offlineAccess(video.subjectId) };
  }
}
