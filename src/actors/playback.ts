import { fromPromise } from 'xstate';
import type { ClientUser as User } from '../../contract/users';
import type { Comment, Video } from '../../contract/videos';
import type {
  Counts,
  LoadPositionOutput,
  LoadVideoInput,
  LoadVideoOutput,
  PlaybackRate,
  playbackMachine,
  ReactInput,
  ReactOutput,
  VideoIdInput,
} from '../../machines/playback';
import { ApiError, NETWORK_FAILURE_STATUS } from '../rules/api-errors';
import { hasAccessAt, paidSubjectsOf } from '../rules/subject-access';
import type { Endpoints } from '../services/api/endpoints';
import { takePlayerStart } from '../services/api/player-start';
import type { PlaybackPositions } from '../services/playback-positions';

declare module '../../machines/playbackTypes' {
  /** The player keeps the API's video and comments whole: the screen reads them back as such. */
  interface PlaybackRegister {
    video: Video;
    comment: Comment;
  }
}

// The player's load (issue 19), with the player's code: the landing's carries only the handoff
// (src/services/api/player-start.ts).
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

type ReactionApi = Pick<Endpoints, 'viewVideo' | 'likeVideo' | 'dislikeVideo' | 'likeComment'>;

function counts(answer: Counts): Counts {
  return { likes: answer.likes, dislikes: answer.dislikes, views: answer.views };
}

async function sendReaction(api: ReactionApi, { videoId, reaction }: ReactInput): Promise<ReactOutput> {
  if (reaction.kind === 'commentLike') {
    const { likes } = await api.likeComment({ videoId, commentId: reaction.commentId });
    return { kind: 'commentLikes', commentId: reaction.commentId, likes };
  }
  const answer =
    reaction.kind === 'like' ? await api.likeVideo({ videoId }) : await api.dislikeVideo({ videoId });
  return { kind: 'counts', ...counts(answer) };
}

/** What one lesson's playback reaches: the API, the resume positions, the student, the media element. */
export interface PlaybackDeps {
  api: PlayerStartApi & ReactionApi;
  describeError: (error: unknown) => string;
  now: () => number;
  /** The signed-in student (their paid subjects decide a lesson offline), or null. */
  user: () => User | null;
  /** Resume positions on the device and on the account (src/services/synced-positions.ts). */
  positions: PlaybackPositions;
  /** The screen's video element, once rendered. */
  media: { readonly current: HTMLVideoElement | null };
}

/** The playback machine's effects: the API calls, the resume positions, and the media element. */
export function playbackActors(fx: PlaybackDeps): Parameters<typeof playbackMachine.provide>[0] {
  const { api, positions, media } = fx;
  // Failures reach the machine as the text to show, already in the student's language.
  const described =
    <I, O>(call: (input: I) => Promise<O>) =>
    async ({ input }: { input: I }) => {
      try {
        return await call(input);
      } catch (error) {
        throw new Error(fx.describeError(error));
      }
    };
  const offlineAccess = (subjectId: string) => hasAccessAt(paidSubjectsOf(fx.user()), subjectId, fx.now());
  return {
    actors: {
      loadVideo: fromPromise<LoadVideoOutput, LoadVideoInput>(
        described((input) => loadPlayerStart(api, input, offlineAccess)),
      ),
      loadPosition: fromPromise<LoadPositionOutput, VideoIdInput>(({ input }) =>
        positions.load(input.videoId),
      ),
      countView: fromPromise<Counts, VideoIdInput>(
        described(async (input) => counts(await api.viewVideo({ videoId: input.videoId }))),
      ),
      react: fromPromise<ReactOutput, ReactInput>(described((input) => sendReaction(api, input))),
    },
    actions: {
      persistPosition: (_, { videoId: id, position }) => void positions.save(id, position),
      forgetPosition: (_, { videoId: id }) => void positions.forget(id),
      rememberLastPlayed: (_, { videoId: id }) => void positions.saveLastPlayed(id),
      seekTo: (_, { position }) => {
        if (media.current) media.current.currentTime = position;
      },
      applyRate: (_, { rate }: { rate: PlaybackRate }) => {
        const element = media.current;
        if (!element) return;
        // A new source resets playbackRate to the default, so both are set.
        element.defaultPlaybackRate = rate;
        element.playbackRate = rate;
      },
      resumePlay: () => {
        // Browsers may refuse to play without a fresh gesture; the student then presses play.
        void media.current?.play()?.catch(() => undefined);
      },
    },
  };
}
