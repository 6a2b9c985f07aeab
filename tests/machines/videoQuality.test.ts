import { describe, expect, it } from 'vitest';
import {
  autoQuality,
  isOnWifi,
  isSlowConnection,
  type Quality,
  SLOW_LINK_KBPS,
  selectQuality,
} from '../../machines/videoQuality';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';
import {
  CELLULAR,
  createVideoQualityHarness,
  SAVE_DATA,
  SLOW,
  SLOW_MEASURED,
  UNKNOWN,
  WIFI,
} from './videoQuality.model';

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

  // Issue 19: a slow connection plays Data saver from the first request, on whatever the browser tells.
  it('plays Data saver at once on a slow link, by the browser’s estimate or by the page’s own downloads', () => {
    const fast = { ...UNKNOWN, downlinkKbps: 10_000 };
    expect(pick({ ...UNKNOWN, downlinkKbps: 400 })).toBe('saver');
    expect(pick(SLOW_MEASURED)).toBe('saver');
    expect(pick({ ...UNKNOWN, measuredKbps: 2_000 })).toBe('360p');
    expect(pick(fast)).toBe('360p');
    // The browser's estimate, where it gives one, wins over a few small downloads.
    expect(pick({ ...fast, measuredKbps: 400 })).toBe('360p');
    expect(isSlowConnection({ ...UNKNOWN, downlinkKbps: SLOW_LINK_KBPS - 1 })).toBe(true);
    expect(isSlowConnection({ ...UNKNOWN, downlinkKbps: SLOW_LINK_KBPS })).toBe(false);
    expect(isSlowConnection(UNKNOWN)).toBe(false);
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
