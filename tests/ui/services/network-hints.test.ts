import { describe, expect, it } from 'vitest';
import { createNetworkHints, measuredThroughputKbps } from '../../../src/services/network-hints';

// Issue 19: what the app knows of the link when a lesson opens, so Auto picks Data saver at once on a slow one.

const timing = (transferSize: number, responseStart: number, responseEnd: number) => ({
  transferSize,
  responseStart,
  responseEnd,
});

describe('the throughput of the page’s own downloads', () => {
  it('is the median of the last downloads big enough to tell, by their body’s time', () => {
    // 50 KB in 1 s: 400 kb/s; 25 KB in 0.5 s: 400 kb/s; 100 KB in 0.4 s: 2000 kb/s.
    expect(
      measuredThroughputKbps([timing(50_000, 100, 1_100), timing(25_000, 0, 500), timing(100_000, 0, 400)]),
    ).toBe(400);
  });

  it('says nothing from cache hits, small answers, or timings the browser hid', () => {
    expect(measuredThroughputKbps([])).toBeNull();
    expect(
      measuredThroughputKbps([timing(0, 0, 100), timing(2_000, 0, 100), timing(50_000, 100, 100)]),
    ).toBeNull();
  });
});

describe('the connection as the browser describes it', () => {
  it('reads the Network Information API’s downlink (Mb/s) as kb/s, and the measured throughput', () => {
    const connection = Object.assign(new EventTarget(), { effectiveType: '4g', downlink: 0.4 });
    const hints = createNetworkHints(
      { onLine: true, connection } as unknown as Navigator & { connection: typeof connection },
      undefined,
      { getEntriesByType: () => [timing(50_000, 0, 1_000)] as unknown as PerformanceEntryList },
    ).read();
    expect(hints.downlinkKbps).toBe(400);
    expect(hints.measuredKbps).toBe(400);
  });

  it('leaves the downlink unknown where the browser has no such API', () => {
    const hints = createNetworkHints({ onLine: true } as Navigator, undefined, {
      getEntriesByType: () => [],
    }).read();
    expect(hints).toMatchObject({ downlinkKbps: null, measuredKbps: null, effectiveType: null });
  });
});
