import type { SnapshotFrom } from 'xstate';
import { assign } from 'xstate';
import { mediaRegion } from './playbackMedia';
import { playbackSetup, reactionOf, storePosition, withReaction } from './playbackSetup';

// One video on the player screen. Before anything plays, the subject's expiry is checked (Issue 4), with the
// video in the same answer (issue 19): a video of an unpaid or expired subject is `locked` and shows its price
// instead. A playable video waits for the student to start it, showing what the chosen rendition costs
// (issue 11), then resumes where they stopped: the position is saved every few seconds, on pause and on
// leave, and forgotten near the end. It is read while the Play button shows and nothing waits on it: it is
// sought to once the media's metadata is known, or when it arrives, if that is later. Another rendition (the student's choice, or Auto following the connection)
// plays on from the same second. A signed stream URL expires; when the media errors, a fresh URL is loaded
// and playback continues from the same position. A view is counted once, when playback starts. Likes,
// dislikes and comment likes take their counts from the server's answer. A video the page started before the
// app's code ran (issue 19) is taken over as the student has it: never started again, and sought to the
// stored position only while it plays its first seconds.

export { nearEndOf, streamOf } from './playbackSetup';
export * from './playbackTypes';

export const playbackMachine = playbackSetup.createMachine({
  id: 'playback',
  context: ({ input }) => ({
    videoId: input.videoId,
    userId: input.userId,
    video: null,
    price: null,
    error: null,
    reactionError: null,
    rate: 1,
    quality: input.quality,
    position: 0,
    duration: 0,
    resumeFrom: null,
    resumePlaying: false,
    streamRefreshes: 0,
    streamLoads: 0,
  }),
  initial: 'loading',
  // Before the player shows, a new quality is only remembered (the media region handles it while watching).
  on: { 'playback.setQuality': { actions: { type: 'takeQuality', params: ({ event }) => event } } },
  states: {
    loading: {
      invoke: {
        id: 'loadVideo',
        src: 'loadVideo',
        input: ({ context }) => ({ videoId: context.videoId, fresh: false }),
        onDone: [
          {
            guard: { type: 'hasNoAccess', params: ({ event }) => event.output },
            target: 'locked',
            actions: { type: 'takeVideo', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'hasStream', params: ({ event }) => ({ video: event.output.video }) },
            target: 'watching',
            actions: { type: 'takeVideo', params: ({ event }) => event.output },
          },
          // Access is live but the answer came from a list that predates the purchase: a fresh one carries
          // the stream URL.
          { target: 'refreshingList', actions: { type: 'takeVideo', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'takeError', params: ({ event }) => event } },
      },
    },
    refreshingList: {
      invoke: {
        id: 'loadVideo',
        src: 'loadVideo',
        input: ({ context }) => ({ videoId: context.videoId, fresh: true }),
        onDone: [
          {
            guard: { type: 'hasStream', params: ({ event }) => ({ video: event.output.video }) },
            target: 'watching',
            actions: { type: 'takeVideo', params: ({ event }) => event.output },
          },
          { target: 'locked', actions: { type: 'takeVideo', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'takeError', params: ({ event }) => event } },
      },
    },
    locked: {},
    failed: {
      on: { 'playback.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    watching: {
      type: 'parallel',
      entry: { type: 'rememberLastPlayed', params: ({ context }) => ({ videoId: context.videoId }) },
      on: {
        'media.timeUpdate': { actions: assign({ position: ({ event }) => event.position }) },
        'playback.setRate': {
          actions: [
            assign({ rate: ({ event }) => event.rate }),
            { type: 'applyRate', params: ({ event }) => ({ rate: event.rate }) },
          ],
        },
        'playback.leave': { actions: storePosition },
        'comment.added': {
          actions: assign({
            video: ({ context, event }) =>
              context.video && { ...context.video, comments: [...context.video.comments, event.comment] },
          }),
        },
      },
      states: {
        media: mediaRegion,
        // The stored position, read while the Play button shows; the media never waits for it.
        resume: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadPosition',
                src: 'loadPosition',
                input: ({ context }) => ({ videoId: context.videoId }),
                onDone: [
                  {
                    guard: { type: 'resumesLate', params: ({ event }) => ({ position: event.output }) },
                    target: 'known',
                    actions: [
                      { type: 'takeLateResume', params: ({ event }) => ({ position: event.output ?? 0 }) },
                      { type: 'seekTo', params: ({ event }) => ({ position: event.output ?? 0 }) },
                    ],
                  },
                  {
                    target: 'known',
                    actions: { type: 'takeResume', params: ({ event }) => ({ position: event.output }) },
                  },
                ],
                // A position that cannot be read only costs the student a seek: play from the start.
                onError: { target: 'known' },
              },
            },
            known: {},
          },
        },
        viewCount: {
          initial: 'notCounted',
          states: {
            notCounted: {
              on: { 'media.play': 'counting' },
            },
            counting: {
              invoke: {
                id: 'countView',
                src: 'countView',
                input: ({ context }) => ({ videoId: context.videoId }),
                onDone: {
                  target: 'counted',
                  actions: assign({
                    video: ({ context, event }) =>
                      context.video && {
                        ...context.video,
                        likes: event.output.likes,
                        dislikes: event.output.dislikes,
                        views: event.output.views,
                      },
                  }),
                },
                // Not counted: the next play tries again.
                onError: { target: 'notCounted' },
              },
            },
            counted: {},
          },
        },
        reactions: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'video.like': { target: 'sending', actions: assign({ reactionError: null }) },
                'video.dislike': { target: 'sending', actions: assign({ reactionError: null }) },
                'comment.like': { target: 'sending', actions: assign({ reactionError: null }) },
              },
            },
            sending: {
              invoke: {
                id: 'react',
                src: 'react',
                input: ({ context, event }) => ({ videoId: context.videoId, reaction: reactionOf(event) }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    video: ({ context, event }) => context.video && withReaction(context.video, event.output),
                  }),
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'takeReactionError', params: ({ event }) => event },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type PlaybackSnapshot = SnapshotFrom<typeof playbackMachine>;
