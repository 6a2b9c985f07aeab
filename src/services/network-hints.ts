import type { NetworkHints } from '../../machines/videoQuality';

// The browser's word on the connection (docs/style.md 5: one bridge per capability): online or not, Save-Data,
// and the Network Information API where it exists (Chromium on Android; elsewhere its parts read unknown);
// where it does not, the throughput the page's own downloads had (issue 19).

interface NetworkInformationLike extends EventTarget {
  readonly saveData?: boolean;
  readonly type?: string;
  readonly effectiveType?: string;
  /** Mb/s. */
  readonly downlink?: number;
}

/** A download this big or more says something of the link (smaller ones are mostly round trips). */
const MEASURABLE_BYTES = 16_000;
const MEASURED_KEPT = 5;

/**
 * The median throughput, in kb/s, of the page's last few downloads big enough to tell (their body's time,
 * from the first byte to the last: the round trip before it is not the link's speed); null before any.
 * Cache hits and cross-origin answers without timing (transferSize 0) say nothing and are left out.
 */
export function measuredThroughputKbps(
  entries: readonly Pick<PerformanceResourceTiming, 'transferSize' | 'responseStart' | 'responseEnd'>[],
): number | null {
  const rates = entries
    .filter((entry) => entry.transferSize >= MEASURABLE_BYTES && entry.responseEnd > entry.responseStart)
    .slice(-MEASURED_KEPT)
    .map((entry) => (entry.transferSize * 8) / (entry.responseEnd - entry.responseStart))
    .sort((a, b) => a - b);
  if (rates.length === 0) return null;
  const middle = Math.floor(rates.length / 2);
  return rates.length % 2
    ? (rates[middle] as number)
    : ((rates[middle - 1] as number) + (rates[middle] as number)) / 2;
}

export interface NetworkHintsSource {
  read(): NetworkHints;
  /** Calls back on every change (connection type, Save-Data, online/offline); returns the unsubscribe. */
  subscribe(listener: (hints: NetworkHints) => void): () => void;
}

export function createNetworkHints(
  nav: (Navigator & { connection?: NetworkInformationLike }) | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined = typeof window === 'undefined'
    ? undefined
    : window,
  timings: Pick<Performance, 'getEntriesByType'> | undefined = typeof performance === 'undefined'
    ? undefined
    : performance,
): NetworkHintsSource {
  // Read when a lesson opens, not followed: a playing lesson does not change rendition with each download.
  const read = (): NetworkHints => {
    const connection = nav?.connection;
    const downlink = connection?.downlink;
    return {
      online: nav?.onLine ?? true,
      saveData: connection?.saveData === true,
      type: typeof connection?.type === 'string' ? connection.type : null,
      effectiveType: typeof connection?.effectiveType === 'string' ? connection.effectiveType : null,
      downlinkKbps: typeof downlink === 'number' && downlink > 0 ? downlink * 1000 : null,
      measuredKbps: measuredThroughputKbps(
        (timings?.getEntriesByType('resource') ?? []) as PerformanceResourceTiming[],
      ),
    };
  };
  return {
    read,
    subscribe(listener) {
      const notify = () => listener(read());
      nav?.connection?.addEventListener('change', notify);
      target?.addEventListener('online', notify);
      target?.addEventListener('offline', notify);
      return () => {
        nav?.connection?.removeEventListener('change', notify);
        target?.removeEventListener('online', notify);
        target?.removeEventListener('offline', notify);
      };
    },
  };
}
