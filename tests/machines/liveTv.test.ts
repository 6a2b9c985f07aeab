import { describe, expect, it } from 'vitest';
import type { liveTvMachine } from '../../machines/liveTv';
import { LIVE_TV_DELAYS, selectLiveTvView } from '../../machines/liveTv';
import { createLiveTvHarness, fakesOf, OTHER_CHANNEL, OWN_CHANNEL } from './liveTv.model';
import type { Harness } from './modelHarness';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';

type LiveTvHarness = Harness<typeof liveTvMachine>;

async function readyOn(channelId = OWN_CHANNEL): Promise<LiveTvHarness> {
  const harness = createLiveTvHarness();
  harness.start();
  await harness.send({ type: 'tv.choose', channelId });
  return harness;
}

describe('liveTv machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.liveTv);
    console.log(`liveTv: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
    // Hundreds of replayed paths: seconds on a busy two-core machine, never a timing assertion.
  }, 30_000);

  it('shows the chosen channel before playing anything, in the mode chosen', async () => {
    const harness = await readyOn();
    await harness.send({ type: 'tv.setMode', mode: 'audio' });
    expect(selectLiveTvView(harness.snapshot)).toEqual({
      status: 'ready',
      channelId: OWN_CHANNEL,
      mode: 'audio',
    });
    expect(fakesOf(harness).streams).toEqual([]);
    await harness.send({ type: 'tv.play' });
    expect(fakesOf(harness).running()[0]?.input).toEqual({ channelId: OWN_CHANNEL, mode: 'audio' });
    expect(selectLiveTvView(harness.snapshot).status).toBe('starting');
  });

  it('plays, buffers and plays again, and Stop stops the stream', async () => {
    const harness = await readyOn();
    await harness.send({ type: 'tv.play' });
    const stream = fakesOf(harness).running()[0];
    stream?.sendBack({ type: 'media.playing' });
    expect(selectLiveTvView(harness.snapshot).status).toBe('playing');
    stream?.sendBack({ type: 'media.waiting' });
    expect(selectLiveTvView(harness.snapshot).status).toBe('buffering');
    stream?.sendBack({ type: 'media.playing' });
    expect(selectLiveTvView(harness.snapshot).status).toBe('playing');
    await harness.send({ type: 'tv.stop' });
    expect(stream?.stopped).toBe(true);
    expect(selectLiveTvView(harness.snapshot).status).toBe('ready');
  });

  it('switching to sound only while watching restarts the stream in that mode', async () => {
    const harness = await readyOn();
    await harness.send({ type: 'tv.play' });
    const first = fakesOf(harness).running()[0];
    await harness.send({ type: 'tv.setMode', mode: 'audio' });
    expect(first?.stopped).toBe(true);
    expect(
      fakesOf(harness)
        .running()
        .map((s) => s.input),
    ).toEqual([{ channelId: OWN_CHANNEL, mode: 'audio' }]);
  });

  it('fails a stream that never starts after the start timeout, and Retry plays it again', async () => {
    const harness = await readyOn(OTHER_CHANNEL);
    await harness.send({ type: 'tv.play' });
    const timer = harness.timer('xstate.after.startTimeout.liveTv.watching.starting');
    expect(timer.delay).toBe(LIVE_TV_DELAYS.startTimeout);
    await harness.fireTimer('xstate.after.startTimeout.liveTv.watching.starting');
    expect(selectLiveTvView(harness.snapshot)).toEqual({
      status: 'failed',
      channelId: OTHER_CHANNEL,
      mode: 'video',
      failure: 'timeout',
    });
    expect(fakesOf(harness).running()).toEqual([]);
    await harness.send({ type: 'tv.retry' });
    expect(selectLiveTvView(harness.snapshot).status).toBe('starting');
    expect(fakesOf(harness).streams).toHaveLength(2);
  });

  it('fails a stream that stalls for the stall timeout, and reports a stream error at once', async () => {
    const harness = await readyOn();
    await harness.send({ type: 'tv.play' });
    fakesOf(harness).running()[0]?.sendBack({ type: 'media.playing' });
    fakesOf(harness).running()[0]?.sendBack({ type: 'media.waiting' });
    expect(harness.timer('xstate.after.stallTimeout.liveTv.watching.buffering').delay).toBe(
      LIVE_TV_DELAYS.stallTimeout,
    );
    await harness.fireTimer('xstate.after.stallTimeout.liveTv.watching.buffering');
    expect(selectLiveTvView(harness.snapshot)).toMatchObject({ status: 'failed', failure: 'timeout' });
    await harness.send({ type: 'tv.retry' });
    fakesOf(harness).running()[0]?.sendBack({ type: 'media.failed', reason: 'network' });
    expect(selectLiveTvView(harness.snapshot)).toMatchObject({ status: 'failed', failure: 'network' });
  });

  it('choosing another channel while watching stops the first and waits for Play', async () => {
    const harness = await readyOn();
    await harness.send({ type: 'tv.play' });
    const first = fakesOf(harness).running()[0];
    await harness.send({ type: 'tv.choose', channelId: OTHER_CHANNEL });
    expect(first?.stopped).toBe(true);
    expect(selectLiveTvView(harness.snapshot)).toEqual({
      status: 'ready',
      channelId: OTHER_CHANNEL,
      mode: 'video',
    });
  });
});
