import type { InputFrom } from 'xstate';
import { fromCallback } from 'xstate';
import type { LiveTvEvent, LiveTvSnapshot, PlayStreamInput } from '../../machines/liveTv';
import { liveTvMachine } from '../../machines/liveTv';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness, settle } from './modelHarness';

// The live TV screen: a channel chosen (or another), picture or sound only, play and stop, a stream that
// starts, buffers, fails or never starts, and Retry. The stream actor is a fake that records what it was
// asked to play and whether the machine stopped it (the real one stops downloading then).

type LiveTvMachine = typeof liveTvMachine;
type LiveTvHarness = Harness<LiveTvMachine>;

export const OWN_CHANNEL = 'studycam-live';
export const OTHER_CHANNEL = 'tv-other';

export const liveTvEventSamples = {
  'tv.choose': () => [
    { type: 'tv.choose', channelId: OWN_CHANNEL },
    { type: 'tv.choose', channelId: OTHER_CHANNEL },
  ],
  'tv.setMode': () => [
    { type: 'tv.setMode', mode: 'video' },
    { type: 'tv.setMode', mode: 'audio' },
  ],
  'tv.play': () => [{ type: 'tv.play' }],
  'tv.stop': () => [{ type: 'tv.stop' }],
  'tv.retry': () => [{ type: 'tv.retry' }],
  'media.playing': () => [{ type: 'media.playing' }],
  'media.waiting': () => [{ type: 'media.waiting' }],
  'media.failed': () => [
    { type: 'media.failed', reason: 'network' },
    { type: 'media.failed', reason: 'unsupported' },
  ],
} satisfies Record<LiveTvEvent['type'], (snapshot: LiveTvSnapshot) => readonly LiveTvEvent[]>;

export const liveTvModel: MachineModel<LiveTvMachine> = {
  machine: liveTvMachine,
  inputs: [undefined],
  samples: {
    ...liveTvEventSamples,
    'xstate.after.startTimeout.liveTv.watching.starting': () => [
      { type: 'xstate.after.startTimeout.liveTv.watching.starting' },
    ],
    'xstate.after.stallTimeout.liveTv.watching.buffering': () => [
      { type: 'xstate.after.stallTimeout.liveTv.watching.buffering' },
    ],
  },
};

/** The machine's named effects are all assigns: what it does to the world is the stream actor. */
export const LIVE_TV_EFFECTS = [] as const;

export interface FakeStream {
  readonly input: PlayStreamInput;
  readonly sendBack: (event: LiveTvEvent) => void;
  stopped: boolean;
}

export class LiveTvFakes extends Fakes {
  readonly streams: FakeStream[] = [];

  streamActor() {
    return fromCallback<LiveTvEvent, PlayStreamInput>(({ sendBack, input }) => {
      const stream: FakeStream = { input, sendBack, stopped: false };
      this.streams.push(stream);
      return () => {
        stream.stopped = true;
      };
    });
  }

  running(): FakeStream[] {
    return this.streams.filter((stream) => !stream.stopped);
  }
}

export function fakesOf(harness: LiveTvHarness): LiveTvFakes {
  if (!(harness.fakes instanceof LiveTvFakes)) throw new Error('Not a liveTv harness');
  return harness.fakes;
}

export function createLiveTvHarness(input?: InputFrom<LiveTvMachine>): LiveTvHarness {
  const fakes = new LiveTvFakes();
  return new Harness(liveTvMachine.provide({ actors: { playStream: fakes.streamActor() } }), input, fakes);
}

/** The stream's own events reach the machine the way the real actor sends them. */
async function sendFromStream(harness: LiveTvHarness, event: LiveTvEvent): Promise<void> {
  const running = fakesOf(harness).running();
  if (running.length !== 1 || !running[0]) throw new Error(`Expected one stream, found ${running.length}`);
  running[0].sendBack(event);
  await settle();
}

export const liveTvExecutors = {
  'tv.choose': (harness, event) => harness.send(event),
  'tv.setMode': (harness, event) => harness.send(event),
  'tv.play': (harness, event) => harness.send(event),
  'tv.stop': (harness, event) => harness.send(event),
  'tv.retry': (harness, event) => harness.send(event),
  'media.playing': sendFromStream,
  'media.waiting': sendFromStream,
  'media.failed': sendFromStream,
} satisfies EventExecutors<LiveTvMachine>;

export const liveTvPaths = () => generatePaths(liveTvModel);
