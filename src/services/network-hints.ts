import type { NetworkHints } from '../../machines/videoQuality';

// The browser's word on the connection (STYLE.md 5: one bridge per capability): online or not, Save-Data,
// and the Network Information API where it exists (Chromium on Android; elsewhere its parts read unknown).

interface NetworkInformationLike extends EventTarget {
  readonly saveData?: boolean;
  readonly type?: string;
  readonly effectiveType?: string;
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
): NetworkHintsSource {
  const read = (): NetworkHints => {
    const connection = nav?.connection;
    return {
      online: nav?.onLine ?? true,
      saveData: connection?.saveData === true,
      type: typeof connection?.type === 'string' ? connection.type : null,
      effectiveType: typeof connection?.effectiveType === 'string' ? connection.effectiveType : null,
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
