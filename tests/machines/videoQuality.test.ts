import { describe, expect, it } from 'vitest';
import { autoQuality, isOnWifi, type Quality, selectQuality } from '../../machines/videoQuality';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';
import { CELLULAR, createVideoQualityHarness, SAVE_DATA, SLOW, UNKNOWN, WIFI } from './videoQuality.model';

describe('videoQuality machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.videoQuality);
    console.log(`videoQuality: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  }, 60_000);
});

describe('Auto', () => {
  const pick = (hints = UNKNOWN, dataSaver = false, downloaded: Quality | null = null) =>
    autoQuality({ hints, dataSaver, downloaded });

  it("saves data on mobile data, with Save-Data, on a slow link and with the student's Data saver setting", () => {
    expect(pick(CELLULAR)).toBe('saver');
    expect(pick(SAVE_DATA)).toBe('saver');
    expect(pick(SLOW)).toBe('saver');
    expect(pick(WIFI, true)).toBe('saver');
  });

  it('plays 480p on fast Wi-Fi and 360p when the browser does not say what the connection is', () => {
    expect(pick(WIFI)).toBe('480p');
    expect(pick({ ...WIFI, type: 'ethernet' })).toBe('480p');
    expect(pick(UNKNOWN)).toBe('360p');
    expect(isOnWifi(UNKNOWN)).toBeNull();
  });

  it('plays the downloaded rendition first: it costs nothing', () => {
    expect(pick(WIFI, false, 'saver')).toBe('saver');
    expect(pick(CELLULAR, true, '480p')).toBe('480p');
  });

  it('starts every lesson on Auto, and goes back to following the connection when Auto is chosen again', async () => {
    const harness = createVideoQualityHarness({ dataSaver: false, hints: WIFI });
    harness.start();
    expect(selectQuality(harness.snapshot)).toBe('480p');
    await harness.send({ type: 'quality.choose', choice: '360p' });
    await harness.send({ type: 'network.changed', hints: CELLULAR });
    expect(selectQuality(harness.snapshot)).toBe('360p');
    await harness.send({ type: 'quality.choose', choice: 'auto' });
    expect(selectQuality(harness.snapshot)).toBe('saver');
  });
});
