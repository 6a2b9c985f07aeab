import type { SnapshotFrom } from 'xstate';
import { assign, fromCallback, setup } from 'xstate';
import { notProvided } from './notProvided';
import type {
  DownloadVideoInput,
  StoredDownload,
  VideoDownloadContext,
  VideoDownloadEvent,
  VideoDownloadInput,
} from './videoDownloadTypes';
import { DOWNLOAD_DELAYS, DOWNLOAD_LIMITS } from './videoDownloadTypes';
import type { NetworkHints, Quality } from './videoQuality';
import { isOnWifi } from './videoQuality';

export * from './videoDownloadTypes';

// A paid video downloaded for offline study (issues 5 and 11). The student picks the rendition (data saver
// first) seeing its size and cost, and, on a metered connection, a warning; with "download on Wi-Fi only"
// on, the download waits for Wi-Fi wherever the browser says what the connection is. A lost connection
// interrupts it without losing what arrived: it goes on from there (HTTP Range) by itself a few seconds
// later, as soon as the browser is back online, or when the student resumes it; it can be paused, resumed
// after a reload, cancelled (what arrived is discarded) and, once stored, removed. The app provides the
// effects (src/services/offline): the Cache Storage and the download itself.

/** The rendition offered first: the smallest, which is what the issue calls Data saver. */
export const DEFAULT_DOWNLOAD_QUALITY: Quality = 'saver';

const sizeOf = (context: Pick<VideoDownloadContext, 'renditions'>, quality: Quality) =>
  context.renditions.find((rendition) => rendition.quality === quality)?.sizeBytes ?? null;

const mustWait = (wifiOnly: boolean, hints: NetworkHints) => wifiOnly && isOnWifi(hints) === false;

const nothingReceived = { receivedBytes: 0, totalBytes: null, autoRetries: 0 } as const;

type SetWifiOnly = { event: Extract<VideoDownloadEvent, { type: 'download.setWifiOnly' }> };
/** The setting changes wherever it is changed from, and is kept. */
const changeWifiOnly = [
  { type: 'takeWifiOnly' as const, params: ({ event }: SetWifiOnly) => event },
  { type: 'persistWifiOnly' as const, params: ({ event }: SetWifiOnly) => ({ on: event.on }) },
];

export const videoDownloadMachine = setup({
  types: {
    context: {} as VideoDownloadContext,
    events: {} as VideoDownloadEvent,
    input: {} as VideoDownloadInput,
  },
  delays: DOWNLOAD_DELAYS,
  actors: {
    /** What the device already holds of this video (null: nothing); fails where there is no storage. */
    findDownload: notProvided<StoredDownload | null, void>('findDownload'),
    /** Sends `download.progress` while it runs, then finished, interrupted or failed; stops on cleanup. */
    downloadVideo: fromCallback<VideoDownloadEvent, DownloadVideoInput>(() => {
      throw new Error('downloadVideo was not provided');
    }),
    /** Deletes what arrived of an unfinished download. */
    discardPartial: notProvided<void, void>('discardPartial'),
    removeDownload: notProvided<void, void>('removeDownload'),
  },
  actions: {
    /** Provided by the app: the setting is the student's, kept on the device. */
    persistWifiOnly: (_, _params: { on: boolean }) => {},
    takeWifiOnly: assign({ wifiOnly: (_, params: { on: boolean }) => params.on }),
    takeHints: assign({ hints: (_, params: { hints: NetworkHints }) => params.hints }),
  },
  guards: {
    /** Wi-Fi only, and the browser says this is not Wi-Fi (unknown connections do not hold a download back). */
    mustWaitForWifi: ({ context }) => mustWait(context.wifiOnly, context.hints),
    mustWaitWith: ({ context }, params: { wifiOnly?: boolean; hints?: NetworkHints }) =>
      mustWait(params.wifiOnly ?? context.wifiOnly, params.hints ?? context.hints),
    isOnline: (_, params: { hints: NetworkHints }) => params.hints.online,
    turnsOff: (_, params: { on: boolean }) => !params.on,
    mayRetryAutomatically: ({ context }) => context.autoRetries < DOWNLOAD_LIMITS.autoRetries,
    isComplete: (_, params: { stored: StoredDownload | null }) => params.stored?.status === 'complete',
    isPartial: (_, params: { stored: StoredDownload | null }) => params.stored?.status === 'partial',
  },
}).createMachine({
  id: 'videoDownload',
  context: ({ input }) => ({
    renditions: input.renditions,
    wifiOnly: input.wifiOnly,
    hints: input.hints,
    quality: DEFAULT_DOWNLOAD_QUALITY,
    sizeBytes: null,
    ...nothingReceived,
  }),
  initial: 'checking',
  on: {
    'download.setWifiOnly': { actions: changeWifiOnly },
    'network.changed': { actions: { type: 'takeHints', params: ({ event }) => event } },
  },
  states: {
    checking: {
      invoke: {
        src: 'findDownload',
        onDone: [
          {
            guard: { type: 'isComplete', params: ({ event }) => ({ stored: event.output }) },
            target: 'downloaded',
            actions: assign(({ event }) =>
              event.output?.status === 'complete'
                ? { quality: event.output.quality, sizeBytes: event.output.sizeBytes }
                : {},
            ),
          },
          // Started before a reload or a closed app: it waits for the student, who may be on mobile data now.
          {
            guard: { type: 'isPartial', params: ({ event }) => ({ stored: event.output }) },
            target: 'paused',
            actions: assign(({ event }) =>
              event.output?.status === 'partial'
                ? {
                    quality: event.output.quality,
                    receivedBytes: event.output.receivedBytes,
                    totalBytes: event.output.totalBytes,
                  }
                : {},
            ),
          },
          { target: 'available' },
        ],
        onError: 'unavailable',
      },
    },
    /** No Cache Storage (old webview, private mode): nothing to offer. */
    unavailable: { type: 'final' },
    available: {
      on: {
        'download.request': { target: 'choosing', actions: assign({ quality: DEFAULT_DOWNLOAD_QUALITY }) },
      },
    },
    // The renditions with their sizes and costs (and the metered warning) before a single byte is spent.
    choosing: {
      on: {
        'download.choose': { actions: assign({ quality: ({ event }) => event.quality }) },
        'download.confirm': [
          { guard: 'mustWaitForWifi', target: 'waitingForWifi' },
          { target: 'downloading' },
        ],
        'download.cancel': 'available',
      },
    },
    waitingForWifi: {
      on: {
        'network.changed': [
          {
            guard: { type: 'mustWaitWith', params: ({ event }) => ({ hints: event.hints }) },
            actions: { type: 'takeHints', params: ({ event }) => event },
          },
          { target: 'downloading', actions: { type: 'takeHints', params: ({ event }) => event } },
        ],
        // Turned off: mobile data is fine after all.
        'download.setWifiOnly': {
          guard: { type: 'turnsOff', params: ({ event }) => event },
          target: 'downloading',
          actions: changeWifiOnly,
        },
        'download.pause': 'paused',
        'download.cancel': 'discarding',
      },
    },
    downloading: {
      entry: assign({ totalBytes: ({ context }) => context.totalBytes ?? sizeOf(context, context.quality) }),
      invoke: {
        src: 'downloadVideo',
        input: ({ context }) => ({ quality: context.quality, fromByte: context.receivedBytes }),
      },
      on: {
        'download.progress': {
          actions: assign({
            receivedBytes: ({ event }) => event.receivedBytes,
            totalBytes: ({ event, context }) => event.totalBytes ?? context.totalBytes,
            autoRetries: 0,
          }),
        },
        'download.finished': {
          target: 'downloaded',
          actions: assign({ sizeBytes: ({ event }) => event.sizeBytes, ...nothingReceived }),
        },
        'download.interrupted': 'interrupted',
        'download.failed': 'failed',
        // Leaving the state stops the download actor, which aborts the request and keeps what arrived.
        'download.pause': 'paused',
        'download.cancel': 'discarding',
        // Off Wi-Fi with Wi-Fi only on: it stops before it costs mobile data, and goes on back on Wi-Fi.
        'network.changed': [
          {
            guard: { type: 'mustWaitWith', params: ({ event }) => ({ hints: event.hints }) },
            target: 'waitingForWifi',
            actions: { type: 'takeHints', params: ({ event }) => event },
          },
          { actions: { type: 'takeHints', params: ({ event }) => event } },
        ],
        'download.setWifiOnly': [
          {
            guard: { type: 'mustWaitWith', params: ({ event }) => ({ wifiOnly: event.on }) },
            target: 'waitingForWifi',
            actions: changeWifiOnly,
          },
          { actions: changeWifiOnly },
        ],
      },
    },
    interrupted: {
      after: {
        retryAfter: [
          // "Wi-Fi only" was turned on meanwhile, on mobile data.
          { guard: 'mustWaitForWifi', target: 'waitingForWifi' },
          {
            guard: 'mayRetryAutomatically',
            target: 'downloading',
            actions: assign({ autoRetries: ({ context }) => context.autoRetries + 1 }),
          },
        ],
      },
      on: {
        'network.changed': [
          {
            guard: { type: 'mustWaitWith', params: ({ event }) => ({ hints: event.hints }) },
            target: 'waitingForWifi',
            actions: { type: 'takeHints', params: ({ event }) => event },
          },
          {
            guard: { type: 'isOnline', params: ({ event }) => event },
            target: 'downloading',
            actions: [{ type: 'takeHints', params: ({ event }) => event }, assign({ autoRetries: 0 })],
          },
          { actions: { type: 'takeHints', params: ({ event }) => event } },
        ],
        'download.resume': [
          { guard: 'mustWaitForWifi', target: 'waitingForWifi' },
          { target: 'downloading', actions: assign({ autoRetries: 0 }) },
        ],
        'download.pause': 'paused',
        'download.cancel': 'discarding',
      },
    },
    paused: {
      on: {
        'download.resume': [
          { guard: 'mustWaitForWifi', target: 'waitingForWifi' },
          { target: 'downloading', actions: assign({ autoRetries: 0 }) },
        ],
        'download.cancel': 'discarding',
      },
    },
    failed: {
      on: {
        'download.retry': [
          { guard: 'mustWaitForWifi', target: 'waitingForWifi' },
          { target: 'downloading', actions: assign({ autoRetries: 0 }) },
        ],
        'download.cancel': 'discarding',
      },
    },
    discarding: {
      invoke: {
        src: 'discardPartial',
        onDone: { target: 'available', actions: assign(nothingReceived) },
        // Nothing is lost by a partial left behind: the next download of this rendition reuses it.
        onError: { target: 'available', actions: assign(nothingReceived) },
      },
    },
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

export type VideoDownloadSnapshot = SnapshotFrom<typeof videoDownloadMachine>;
