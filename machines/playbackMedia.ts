import { assign } from 'xstate';
import { playbackSetup, resumeIfWasPlaying, storePosition } from './playbackSetup';
import type { PlaybackEvent } from './playbackTypes';

// The media region of the playback machine (machines/playback.ts): the position resumed, the cost shown
// until the student starts the video (no byte of it is spent before), the media element's own events, a
// fresh signed URL when the old one expired, and another rendition from the same second when the quality
// changes.

type SetQuality = { event: Extract<PlaybackEvent, { type: 'playback.setQuality' }> };

/** The quality changes where a source is loaded or playing: switch to it from the same second. */
const switchQuality = (playing: boolean) => [
  {
    guard: {
      type: 'changesSource' as const,
      params: ({ event }: SetQuality) => ({ quality: event.quality }),
    },
    target: 'awaitingMetadata',
    actions: [
      storePosition,
      {
        type: 'switchSource' as const,
        params: ({ event }: SetQuality) => ({ quality: event.quality, playing }),
      },
    ],
  },
  {
    actions: {
      type: 'takeQuality' as const,
      params: ({ event }: SetQuality) => ({ quality: event.quality }),
    },
  },
];

export const mediaRegion = playbackSetup.createStateConfig({
  initial: 'awaitingStart',
  on: {
    // The media fails before or between plays: fetch a fresh URL and stay paused where it was.
    'media.error': [
      {
        guard: 'mayRefreshStream',
        target: '.refreshingStream',
        actions: [storePosition, 'prepareRefresh'],
      },
      { target: '.unplayable', actions: storePosition },
    ],
    // Nothing loaded yet (or a fresh URL on its way): the new quality is simply the one to load.
    'playback.setQuality': {
      actions: { type: 'takeQuality', params: ({ event }) => ({ quality: event.quality }) },
    },
  },
  states: {
    // Issue 11: before the first play the screen shows the chosen rendition's size and cost in FCFA.
    awaitingStart: {
      on: { 'playback.start': { target: 'awaitingMetadata', actions: assign({ resumePlaying: true }) } },
    },
    awaitingMetadata: {
      on: {
        'media.loadedMetadata': [
          {
            guard: { type: 'shouldResume', params: ({ event }) => ({ duration: event.duration }) },
            target: 'paused',
            actions: [
              assign({
                duration: ({ event }) => event.duration,
                position: ({ context }) => context.resumeFrom ?? 0,
              }),
              { type: 'seekTo', params: ({ context }) => ({ position: context.resumeFrom ?? 0 }) },
              { type: 'applyRate', params: ({ context }) => ({ rate: context.rate }) },
              resumeIfWasPlaying,
            ],
          },
          {
            target: 'paused',
            actions: [
              assign({ duration: ({ event }) => event.duration }),
              { type: 'applyRate', params: ({ context }) => ({ rate: context.rate }) },
              resumeIfWasPlaying,
            ],
          },
        ],
        // Issue 19: the page's element, which the student started before the app's code: never started again.
        'media.adopted': [
          {
            guard: { type: 'adoptedInFirstSeconds', params: ({ event }) => event },
            target: 'paused',
            actions: [
              assign({
                duration: ({ event }) => event.duration,
                position: ({ context }) => context.resumeFrom ?? 0,
                resumePlaying: false,
              }),
              { type: 'seekTo', params: ({ context }) => ({ position: context.resumeFrom ?? 0 }) },
              { type: 'applyRate', params: ({ context }) => ({ rate: context.rate }) },
            ],
          },
          {
            target: 'paused',
            actions: [
              assign({
                duration: ({ event }) => event.duration,
                position: ({ event }) => event.position,
                resumePlaying: false,
              }),
              { type: 'applyRate', params: ({ context }) => ({ rate: context.rate }) },
            ],
          },
        ],
        'playback.setQuality': switchQuality(false),
      },
    },
    paused: {
      on: {
        'media.play': { target: 'playing', actions: assign({ resumePlaying: false }) },
        'media.ended': {
          actions: { type: 'forgetPosition', params: ({ context }) => ({ videoId: context.videoId }) },
        },
        'playback.setQuality': switchQuality(false),
      },
    },
    playing: {
      after: {
        saveEvery: {
          target: 'playing',
          reenter: true,
          // Five seconds of uninterrupted playback: the stream is healthy again.
          actions: [storePosition, assign({ streamRefreshes: 0 })],
        },
      },
      on: {
        'media.pause': { target: 'paused', actions: storePosition },
        'media.ended': {
          target: 'paused',
          actions: { type: 'forgetPosition', params: ({ context }) => ({ videoId: context.videoId }) },
        },
        // The signed URL expired mid-lesson: a fresh one, the same position, and it plays on.
        'media.error': [
          {
            guard: 'mayRefreshStream',
            target: 'refreshingStream',
            actions: [storePosition, 'prepareRefresh', assign({ resumePlaying: true })],
          },
          { target: 'unplayable', actions: storePosition },
        ],
        'playback.setQuality': switchQuality(true),
      },
    },
    refreshingStream: {
      invoke: {
        id: 'loadVideo',
        src: 'loadVideo',
        input: ({ context }) => ({ videoId: context.videoId, fresh: true }),
        onDone: [
          {
            guard: { type: 'hasStream', params: ({ event }) => ({ video: event.output.video }) },
            target: 'awaitingMetadata',
            actions: { type: 'takeVideo', params: ({ event }) => event.output },
          },
          // The access ran out while watching.
          {
            target: '#playback.locked',
            actions: { type: 'takeVideo', params: ({ event }) => event.output },
          },
        ],
        onError: { target: 'unplayable', actions: { type: 'takeError', params: ({ event }) => event } },
      },
      on: { 'media.error': {} },
    },
    unplayable: {
      on: {
        'media.error': {},
        'playback.retry': {
          target: 'refreshingStream',
          actions: [assign({ error: null, streamRefreshes: 0 }), 'prepareRefresh'],
        },
        // Another rendition may play where this one failed (offline, with that one downloaded).
        'playback.setQuality': {
          target: 'awaitingMetadata',
          actions: [
            assign({ error: null, streamRefreshes: 0 }),
            { type: 'switchSource', params: ({ event }) => ({ quality: event.quality, playing: false }) },
          ],
        },
      },
    },
  },
});
