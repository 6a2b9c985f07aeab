import type { SnapshotFrom } from 'xstate';
import { assign, fromCallback, setup } from 'xstate';

// Issue 8 "Live TV": a channel is chosen, the data it costs per hour is shown before anything plays, the
// student may choose sound only to save data, then the stream plays. A channel that fails (no network, a
// stream that never starts or stalls for good) shows a translated error with Retry. The app provides
// `playStream`: it loads the HLS player (a lazy chunk, or the browser's own HLS), plays, and reports.

export const LIVE_TV_DELAYS = {
  /** A live stream that has not started after this long is reported as failed. */
  startTimeout: 20_000,
  /** A stream that stopped delivering for this long is failed: the student gets Retry, not a spinner. */
  stallTimeout: 20_000,
} as const;

export type StreamMode = 'video' | 'audio';

/** Why a channel failed; the screen translates it. */
export type LiveTvFailure = 'network' | 'unsupported' | 'media' | 'timeout';

export interface PlayStreamInput {
  readonly channelId: string;
  readonly mode: StreamMode;
}

export type LiveTvEvent =
  | { type: 'tv.choose'; channelId: string }
  | { type: 'tv.setMode'; mode: StreamMode }
  | { type: 'tv.play' }
  | { type: 'tv.stop' }
  | { type: 'tv.retry' }
  /** Sent by the stream actor. */
  | { type: 'media.playing' }
  | { type: 'media.waiting' }
  | { type: 'media.failed'; reason: LiveTvFailure };

export interface LiveTvContext {
  readonly channelId: string | null;
  readonly mode: StreamMode;
  readonly failure: LiveTvFailure | null;
}

export const liveTvMachine = setup({
  types: {
    context: {} as LiveTvContext,
    events: {} as LiveTvEvent,
  },
  actors: {
    /** Plays the channel; sends media.playing / media.waiting / media.failed; stops the stream on cleanup. */
    playStream: fromCallback<LiveTvEvent, PlayStreamInput>(() => {
      throw new Error('playStream was not provided');
    }),
  },
  delays: LIVE_TV_DELAYS,
  actions: {
    choose: assign({ channelId: (_, params: { channelId: string }) => params.channelId, failure: null }),
    setMode: assign({ mode: (_, params: { mode: StreamMode }) => params.mode }),
    fail: assign({ failure: (_, params: { reason: LiveTvFailure }) => params.reason }),
  },
}).createMachine({
  id: 'liveTv',
  context: { channelId: null, mode: 'video', failure: null },
  initial: 'choosing',
  states: {
    /** The channel list, nothing chosen yet. */
    choosing: {
      on: {
        'tv.choose': { target: 'ready', actions: { type: 'choose', params: ({ event }) => event } },
      },
    },
    /** A channel chosen: its data per hour and the sound-only choice are shown; nothing is downloaded. */
    ready: {
      on: {
        'tv.choose': { target: 'ready', actions: { type: 'choose', params: ({ event }) => event } },
        'tv.setMode': { actions: { type: 'setMode', params: ({ event }) => event } },
        'tv.play': 'watching',
      },
    },
    watching: {
      entry: assign({ failure: null }),
      invoke: {
        src: 'playStream',
        input: ({ context }) => ({ channelId: context.channelId ?? '', mode: context.mode }),
      },
      initial: 'starting',
      states: {
        starting: {
          on: { 'media.playing': 'playing' },
          after: {
            startTimeout: {
              target: '#liveTv.failed',
              actions: { type: 'fail', params: { reason: 'timeout' } },
            },
          },
        },
        playing: { on: { 'media.waiting': 'buffering' } },
        buffering: {
          on: { 'media.playing': 'playing' },
          after: {
            stallTimeout: {
              target: '#liveTv.failed',
              actions: { type: 'fail', params: { reason: 'timeout' } },
            },
          },
        },
      },
      on: {
        'media.failed': { target: 'failed', actions: { type: 'fail', params: ({ event }) => event } },
        // Leaving the state stops the stream actor: no byte is downloaded after Stop.
        'tv.stop': 'ready',
        'tv.choose': { target: 'ready', actions: { type: 'choose', params: ({ event }) => event } },
        // Switching between picture and sound only restarts the stream in the other mode.
        'tv.setMode': {
          target: 'watching',
          reenter: true,
          actions: { type: 'setMode', params: ({ event }) => event },
        },
      },
    },
    failed: {
      on: {
        'tv.retry': 'watching',
        'tv.stop': 'ready',
        'tv.choose': { target: 'ready', actions: { type: 'choose', params: ({ event }) => event } },
        'tv.setMode': { actions: { type: 'setMode', params: ({ event }) => event } },
      },
    },
  },
});

export type LiveTvSnapshot = SnapshotFrom<typeof liveTvMachine>;

export type LiveTvView =
  | { readonly status: 'choosing' }
  | {
      readonly status: 'ready' | 'starting' | 'playing' | 'buffering';
      readonly channelId: string;
      readonly mode: StreamMode;
    }
  | {
      readonly status: 'failed';
      readonly channelId: string;
      readonly mode: StreamMode;
      readonly failure: LiveTvFailure;
    };

/** What the live TV screen shows. */
export function selectLiveTvView(snapshot: LiveTvSnapshot): LiveTvView {
  const { channelId, mode, failure } = snapshot.context;
  if (channelId === null || snapshot.matches('choosing')) return { status: 'choosing' };
  if (snapshot.matches('failed')) return { status: 'failed', channelId, mode, failure: failure ?? 'media' };
  for (const status of ['starting', 'playing', 'buffering'] as const) {
    if (snapshot.matches({ watching: status })) return { status, channelId, mode };
  }
  return { status: 'ready', channelId, mode };
}
