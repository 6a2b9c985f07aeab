import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Video, VideoPlayAnswer } from '../../../contract/videos';
import { loadPlayerStart } from '../../../src/actors/playback';
import { prefetchRouteData } from '../../../src/app/route-lookup';
import { ApiError } from '../../../src/rules/api-errors';
import type { Endpoints } from '../../../src/services/api/endpoints';
import {
  PLAYER_START_FRESH_MS,
  prefetchPlayerStart,
  takePlayerStart,
} from '../../../src/services/api/player-start';

// Issue 19: a lesson's one request (access, signed URLs, price) starts before its player renders, with the
// app's code or at the tap on a link to it, and the player takes that answer instead of asking again.

const VIDEO = { _id: 'v1', subjectId: 'maths', locked: false } as Video;
const answer = (video: Video = VIDEO): VideoPlayAnswer => ({
  success: true,
  video,
  price: 2_500,
  expired: false,
  expiresAt: '2099-09-01T00:00:00.000Z',
});

function api() {
  const playVideo = vi.fn((videoId: string) => Promise.resolve(answer({ ...VIDEO, _id: videoId })));
  const fetchVideos = vi.fn(() => Promise.resolve([VIDEO]));
  const fetchSubjects = vi.fn(() => Promise.resolve([{ _id: 'maths', price: 2_500 }]));
  return {
    endpoints: { playVideo, fetchVideos, fetchSubjects } as unknown as Endpoints,
    playVideo,
    fetchVideos,
  };
}

let clock = 1_000_000;
const now = () => clock;
afterEach(() => {
  // Every test leaves the handoff empty for the next: a stale entry is never handed over.
  clock += PLAYER_START_FRESH_MS * 10;
});

describe('the player’s first request', () => {
  it('is asked for with the app’s code when the app opens on the player, and handed to the player once', async () => {
    const { endpoints, playVideo } = api();
    prefetchRouteData('#/video-player?videoId=lesson-1', endpoints, true);
    expect(playVideo).toHaveBeenCalledWith('lesson-1');
    const start = await loadPlayerStart(endpoints, { videoId: 'lesson-1', fresh: false }, () => false);
    expect(start.video._id).toBe('lesson-1');
    expect(playVideo).toHaveBeenCalledTimes(1);
    // Handed over once: the next visit asks again (the access may have changed).
    await loadPlayerStart(endpoints, { videoId: 'lesson-1', fresh: false }, () => false);
    expect(playVideo).toHaveBeenCalledTimes(2);
  });

  it('is not asked for without a session, nor without a lesson', () => {
    const { endpoints, playVideo } = api();
    prefetchRouteData('#/video-player?videoId=lesson-2', endpoints, false);
    prefetchRouteData('#/video-player', endpoints, true);
    expect(playVideo).not.toHaveBeenCalled();
  });

  it('is asked once however often the tap and the location ask, and not handed over once stale', async () => {
    const { endpoints, playVideo } = api();
    prefetchPlayerStart(endpoints, 'lesson-3', now);
    prefetchPlayerStart(endpoints, 'lesson-3', now);
    expect(playVideo).toHaveBeenCalledTimes(1);
    clock += PLAYER_START_FRESH_MS;
    await takePlayerStart(endpoints, 'lesson-3', now);
    expect(playVideo).toHaveBeenCalledTimes(2);
  });

  it('asks again for fresh signed URLs when the stream expired, whatever was prefetched', async () => {
    const { endpoints, playVideo } = api();
    prefetchPlayerStart(endpoints, 'v1');
    await loadPlayerStart(endpoints, { videoId: 'v1', fresh: true }, () => false);
    expect(playVideo).toHaveBeenCalledTimes(2);
  });

  it('falls back, offline, on the kept list and the expiry the device last heard', async () => {
    const { endpoints, playVideo, fetchVideos } = api();
    playVideo.mockRejectedValue(new ApiError({ status: 0, key: 'errors.network' }));
    const paid = await loadPlayerStart(endpoints, { videoId: 'v1', fresh: false }, () => true);
    expect(paid).toEqual({ video: VIDEO, price: 2_500, expired: false });
    const lapsed = await loadPlayerStart(endpoints, { videoId: 'v1', fresh: false }, () => false);
    expect(lapsed.expired).toBe(true);
    expect(fetchVideos).toHaveBeenCalled();
    // A refusal from the server is not "offline": it is shown as it is.
    playVideo.mockRejectedValue(new ApiError({ status: 404, key: 'errors.videoNotFound' }));
    await expect(loadPlayerStart(endpoints, { videoId: 'v1', fresh: false }, () => true)).rejects.toThrow();
  });
});

describe('the service worker’s last copy of the answer, offline', () => {
  it('locks a lesson whose access ended since that copy was made', async () => {
    const { endpoints, playVideo } = api();
    playVideo.mockResolvedValue({ ...answer(), expiresAt: new Date(clock - 1_000).toISOString() });
    const start = await loadPlayerStart(endpoints, { videoId: 'v1', fresh: true }, () => true, now);
    expect(start.expired).toBe(true);
  });
});
