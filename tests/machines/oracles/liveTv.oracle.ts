import { expect } from 'vitest';
import type { LiveTvFailure, LiveTvView, liveTvMachine, StreamMode } from '../../../machines/liveTv';
import { selectLiveTvView } from '../../../machines/liveTv';
import { fakesOf } from '../liveTv.model';
import type { Oracle } from '../modelHarness';

// Issue 8 "Live TV", written again without the machine: a channel is chosen and its data per hour shown
// before anything plays; sound only can be chosen to save data, and switching while watching plays the other
// mode; nothing is downloaded before Play nor after Stop or another channel; a channel that fails (no
// network, a stream that never starts or stalls for good) shows why, with Retry. "For good" is 20 s, the
// machine's documented decision (machines/README.md), counted from Play (or Retry, or the mode switch) for a
// stream that never starts, and from the moment it stalled for one that stopped delivering.

const GIVE_UP_AFTER = 20_000;

type Phase = 'choosing' | 'ready' | 'starting' | 'playing' | 'buffering' | 'failed';
const WATCHING: readonly Phase[] = ['starting', 'playing', 'buffering'];

export const liveTvOracle: Oracle<typeof liveTvMachine> = () => {
  let phase: Phase = 'choosing';
  let channelId: string | null = null;
  let mode: StreamMode = 'video';
  let failure: LiveTvFailure | null = null;
  let streamsBefore = 0;
  // Simulated-clock time the current wait (to start, or to recover from a stall) began.
  let waitingSince = 0;

  return (harness, { event }) => {
    const fakes = fakesOf(harness);
    const watching = WATCHING.includes(phase);
    let starts = false;
    switch (event.type) {
      case 'tv.choose':
        [phase, channelId] = ['ready', event.channelId as string];
        break;
      case 'tv.setMode':
        mode = event.mode as StreamMode;
        if (watching) [phase, starts] = ['starting', true];
        break;
      case 'tv.play':
        if (phase === 'ready') [phase, starts] = ['starting', true];
        break;
      case 'tv.retry':
        if (phase === 'failed') [phase, starts] = ['starting', true];
        break;
      case 'tv.stop':
        if (watching || phase === 'failed') phase = 'ready';
        break;
      case 'media.playing':
        if (phase === 'starting' || phase === 'buffering') phase = 'playing';
        break;
      case 'media.waiting':
        if (phase === 'playing') [phase, waitingSince] = ['buffering', harness.clock.now()];
        break;
      case 'media.failed':
        if (watching) [phase, failure] = ['failed', event.reason as LiveTvFailure];
        break;
      default:
        // A stream that never started, or stopped delivering, for good.
        if (event.type.startsWith('xstate.after.') && watching) {
          expect(harness.clock.now() - waitingSince, `${event.type} gives up after 20 s`).toBe(GIVE_UP_AFTER);
          [phase, failure] = ['failed', 'timeout'];
        }
    }
    if (starts) waitingSince = harness.clock.now();
    expect(fakes.streams.length - streamsBefore, `streams started by ${event.type}`).toBe(starts ? 1 : 0);
    streamsBefore = fakes.streams.length;
    const running = fakes.running();
    const nowWatching = WATCHING.includes(phase);
    expect(
      running.map((stream) => stream.input),
      'data is spent only while watching',
    ).toEqual(nowWatching ? [{ channelId, mode }] : []);
    let view: LiveTvView = { status: 'choosing' };
    if (channelId !== null && phase !== 'choosing') {
      view =
        phase === 'failed'
          ? { status: 'failed', channelId, mode, failure: failure ?? 'media' }
          : { status: phase, channelId, mode };
    }
    expect(selectLiveTvView(harness.snapshot), `the screen after ${event.type}`).toEqual(view);
  };
};
