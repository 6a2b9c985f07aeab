import { useActorRef } from '@xstate/react';
import { type RefObject, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Comment, Video } from '../../../contract/videos';
import {
  type Counts,
  type LoadPositionOutput,
  type LoadVideoInput,
  type LoadVideoOutput,
  type PlaybackRate,
  playbackMachine,
  type ReactInput,
  type ReactOutput,
  type VideoIdInput,
} from '../../../machines/playback';
import type { Quality } from '../../../machines/videoQuality';
import { useAppActors } from '../../app/actors-context';
import type { AppApi } from '../../app/create-app-actors';
import { loadPlayerStart } from '../../app/load-player-start';
import { hasAccessAt, paidSubjectsOf } from '../../rules/subject-access';
import { createSyncedPositions } from '../../services/synced-positions';
import { usePlaybackPositions } from './playback-positions-context';

function counts(answer: Counts): Counts {
  return { likes: answer.likes, dislikes: answer.dislikes, views: answer.views };
}

async function sendReaction(api: AppApi, { videoId, reaction }: ReactInput): Promise<ReactOutput> {
  if (reaction.kind === 'commentLike') {
    const { likes } = await api.likeComment({ videoId, commentId: reaction.commentId });
    return { kind: 'commentLikes', commentId: reaction.commentId, likes };
  }
  const answer =
    reaction.kind === 'like' ? await api.likeVideo({ videoId }) : await api.dislikeVideo({ videoId });
  return { kind: 'counts', ...counts(answer) };
}

/**
 * The playback machine of one video, with its effects: the API calls, the resume positions (on the device and
 * on the student's account), and the media element (seek, rate, play) that only the screen holds.
 */
export function usePlayback(
  videoId: string,
  userId: string,
  media: RefObject<HTMLVideoElement | null>,
  quality: Quality,
) {
  const { api, describeError, session, now } = useAppActors();
  const device = usePlaybackPositions();
  const positions = useMemo(() => createSyncedPositions(device, api, now), [device, api, now]);
  // Failures reach the machine as the text to show, already in the student's language.
  const described =
    <I, O>(call: (input: I) => Promise<O>) =>
    async ({ input }: { input: I }) => {
      try {
        return await call(input);
      } catch (error) {
        throw new Error(describeError(error));
      }
    };

  return useActorRef(
    playbackMachine.provide({
      actors: {
        loadVideo: fromPromise<LoadVideoOutput, LoadVideoInput>(
          described((input) =>
            loadPlayerStart(api, input, (subjectId) =>
              hasAccessAt(paidSubjectsOf(session.getSnapshot().context.user), subjectId, now()),
            ),
          ),
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
    }),
    { input: { videoId, userId, quality } },
  );
}

export type PlaybackActor = ReturnType<typeof usePlayback>;

declare module '../../../machines/playbackTypes' {
  /** The player keeps the API's video and comments whole: the screen reads them back as such. */
  interface PlaybackRegister {
    video: Video;
    comment: Comment;
  }
}
