import type { SnapshotFrom } from 'xstate';
import { assign, fromCallback, setup } from 'xstate';
import { notProvided } from './notProvided';

// One file kept for offline reading (issue 8's books; lesson videos, which come in renditions and may be
// paused, have videoDownload): downloaded only after the student saw its size (and, on a metered
// connection, a warning); the download can be cancelled, retried and removed. The app provides the
// effects (src/services/offline): the Cache Storage, HEAD for the size, the download.

export interface DownloadPlan {
  readonly sizeBytes: number | null;
  readonly metered: boolean;
}

export type FileDownloadEvent =
  | { type: 'download.request' }
  | { type: 'download.confirm' }
  | { type: 'download.cancel' }
  | { type: 'download.retry' }
  | { type: 'download.remove' }
  /** Sent by the download actor. */
  | { type: 'download.progress'; receivedBytes: number; totalBytes: number | null }
  | { type: 'download.finished'; sizeBytes: number }
  | { type: 'download.failed' };

export interface FileDownloadContext {
  plan: DownloadPlan | null;
  receivedBytes: number;
  totalBytes: number | null;
  sizeBytes: number | null;
}

export const fileDownloadMachine = setup({
  types: {
    context: {} as FileDownloadContext,
    events: {} as FileDownloadEvent,
  },
  actors: {
    /** Resolves with the stored size when the file is already downloaded, else null. */
    findDownload: notProvided<number | null, void>('findDownload'),
    planDownload: notProvided<DownloadPlan, void>('planDownload'),
    /** Sends `download.progress` while it runs, then `download.finished` or `download.failed`; stops on cleanup. */
    downloadFile: fromCallback<FileDownloadEvent>(() => {
      throw new Error('downloadFile was not provided');
    }),
    removeDownload: notProvided<void, void>('removeDownload'),
  },
  guards: {
    isDownloaded: (_, params: { sizeBytes: number | null }) => params.sizeBytes !== null,
  },
}).createMachine({
  id: 'fileDownload',
  context: { plan: null, receivedBytes: 0, totalBytes: null, sizeBytes: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'findDownload',
        onDone: [
          {
            guard: { type: 'isDownloaded', params: ({ event }) => ({ sizeBytes: event.output }) },
            target: 'downloaded',
            actions: assign({ sizeBytes: ({ event }) => event.output }),
          },
          { target: 'available' },
        ],
        onError: 'unavailable',
      },
    },
    /** No Cache Storage (old webview, private mode): nothing to offer. */
    unavailable: { type: 'final' },
    available: { on: { 'download.request': 'planning' } },
    planning: {
      invoke: {
        src: 'planDownload',
        onDone: { target: 'confirming', actions: assign({ plan: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    // The size (and the metered warning) is shown before a single byte of the file is spent.
    confirming: {
      on: {
        'download.confirm': 'downloading',
        'download.cancel': 'available',
      },
    },
    downloading: {
      entry: assign({ receivedBytes: 0, totalBytes: ({ context }) => context.plan?.sizeBytes ?? null }),
      invoke: { src: 'downloadFile' },
      on: {
        'download.progress': {
          actions: assign({
            receivedBytes: ({ event }) => event.receivedBytes,
            totalBytes: ({ event, context }) => event.totalBytes ?? context.totalBytes,
          }),
        },
        'download.finished': {
          target: 'downloaded',
          actions: assign({ sizeBytes: ({ event }) => event.sizeBytes }),
        },
        'download.failed': 'failed',
        // Leaving the state stops the download actor, which aborts the request.
        'download.cancel': 'available',
      },
    },
    failed: { on: { 'download.retry': 'planning', 'download.cancel': 'available' } },
    downloaded: { on: { 'download.remove': 'removing' } },
    removing: {
      invoke: {
        src: 'removeDownload',
        onDone: { target: 'available', actions: assign({ sizeBytes: null }) },
        onError: 'downloaded',
      },
    },
  },
});

export type FileDownloadSnapshot = SnapshotFrom<typeof fileDownloadMachine>;

export type DownloadView =
  | { readonly status: 'unavailable' | 'checking' | 'available' | 'planning' | 'failed' | 'removing' }
  | { readonly status: 'confirming'; readonly sizeBytes: number | null; readonly metered: boolean }
  | { readonly status: 'downloading'; readonly receivedBytes: number; readonly totalBytes: number | null }
  | { readonly status: 'downloaded'; readonly sizeBytes: number | null };

/** What the download button shows. */
export function selectDownloadView(snapshot: FileDownloadSnapshot): DownloadView {
  const { context } = snapshot;
  if (snapshot.matches('confirming')) {
    return {
      status: 'confirming',
      sizeBytes: context.plan?.sizeBytes ?? null,
      metered: context.plan?.metered ?? false,
    };
  }
  if (snapshot.matches('downloading')) {
    return { status: 'downloading', receivedBytes: context.receivedBytes, totalBytes: context.totalBytes };
  }
  if (snapshot.matches('downloaded')) return { status: 'downloaded', sizeBytes: context.sizeBytes };
  for (const status of ['unavailable', 'available', 'planning', 'failed', 'removing'] as const) {
    if (snapshot.matches(status)) return { status };
  }
  return { status: 'checking' };
}
