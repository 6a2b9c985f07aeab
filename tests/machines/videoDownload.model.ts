import type { AnyEventObject } from 'xstate';
import type {
  DownloadRendition,
  DownloadVideoInput,
  StoredDownload,
  VideoDownloadEvent,
  VideoDownloadInput,
  VideoDownloadSnapshot,
} from '../../machines/videoDownload';
import { videoDownloadMachine } from '../../machines/videoDownload';
import type { NetworkHints } from '../../machines/videoQuality';
import { DownloadFakes, type FakeDownload as FakeDownloadOf } from './download-fakes';
import type { EventExecutors, Executor, MachineModel } from './modelHarness';
import { generatePaths, Harness, settle } from './modelHarness';

// One paid video's download: already stored (whole or in part) or not; the rendition chosen with its size; a
// download that reports progress, then finishes, fails, or is interrupted by a lost connection and goes on
// from the bytes it had; pause and resume; the "Wi-Fi only" setting against what the browser says of the
// connection; cancel (what arrived is discarded) and removal. The machine's invokes carry no ids, so their
// done/error events are named after the ids XState derives; they are read from the definition below.

type VideoDownloadMachine = typeof videoDownloadMachine;
type VideoDownloadHarness = Harness<VideoDownloadMachine>;

export const SAVER_SIZE = 2_400_000;
export const P360_SIZE = 6_000_000;
export const P480_SIZE = 11_000_000;
export const RENDITIONS: readonly DownloadRendition[] = [
  { quality: 'saver', sizeBytes: SAVER_SIZE },
  { quality: '360p', sizeBytes: P360_SIZE },
  { quality: '480p', sizeBytes: P480_SIZE },
];
/** What arrived before the connection dropped. */
export const HALFWAY = 1_200_000;
export const STORED_SIZE = SAVER_SIZE;

export const WIFI: NetworkHints = { online: true, saveData: false, type: 'wifi', effectiveType: '4g' };
export const CELLULAR: NetworkHints = {
  online: true,
  saveData: false,
  type: 'cellular',
  effectiveType: '4g',
};
export const OFFLINE: NetworkHints = { online: false, saveData: false, type: 'none', effectiveType: null };
/** A desktop browser: it does not say what the connection is, so Wi-Fi only cannot hold anything back. */
export const UNKNOWN: NetworkHints = { online: true, saveData: false, type: null, effectiveType: null };

export const STORED_COMPLETE: StoredDownload = {
  status: 'complete',
  quality: 'saver',
  sizeBytes: STORED_SIZE,
};
export const STORED_PARTIAL: StoredDownload = {
  status: 'partial',
  quality: '360p',
  receivedBytes: HALFWAY,
  totalBytes: P360_SIZE,
};

export const STORAGE_ERROR = new Error('Offline downloads are not supported here');
export const REMOVE_ERROR = new Error('The cache could not be opened');

function invokeIdOf(state: 'checking' | 'discarding' | 'removing'): string {
  const invoke = videoDownloadMachine.root.states[state]?.invoke[0];
  if (!invoke) throw new Error(`videoDownload.${state} invokes nothing`);
  return invoke.id;
}

export const PROMISE_EFFECTS = {
  findDownload: invokeIdOf('checking'),
  discardPartial: invokeIdOf('discarding'),
  removeDownload: invokeIdOf('removing'),
} as const;
type PromiseEffect = keyof typeof PROMISE_EFFECTS;

export const doneOf = (src: PromiseEffect) => `xstate.done.actor.${PROMISE_EFFECTS[src]}`;
export const errorOf = (src: PromiseEffect) => `xstate.error.actor.${PROMISE_EFFECTS[src]}`;
export const AFTER_RETRY = 'xstate.after.retryAfter.videoDownload.interrupted';

export const videoDownloadEventSamples = {
  'download.request': () => [{ type: 'download.request' }],
  'download.choose': () => [{ type: 'download.choose', quality: '360p' }],
  'download.confirm': () => [{ type: 'download.confirm' }],
  'download.cancel': () => [{ type: 'download.cancel' }],
  'download.pause': () => [{ type: 'download.pause' }],
  'download.resume': () => [{ type: 'download.resume' }],
  'download.retry': () => [{ type: 'download.retry' }],
  'download.remove': () => [{ type: 'download.remove' }],
  'download.setWifiOnly': (snapshot: VideoDownloadSnapshot) => [
    { type: 'download.setWifiOnly', on: !snapshot.context.wifiOnly },
  ],
  'network.changed': () => [
    { type: 'network.changed', hints: WIFI },
    { type: 'network.changed', hints: CELLULAR },
    { type: 'network.changed', hints: OFFLINE },
  ],
  'download.progress': () => [{ type: 'download.progress', receivedBytes: HALFWAY, totalBytes: null }],
  'download.finished': (snapshot: VideoDownloadSnapshot) => [
    { type: 'download.finished', sizeBytes: snapshot.context.totalBytes ?? SAVER_SIZE },
  ],
  'download.interrupted': () => [{ type: 'download.interrupted' }],
  'download.failed': () => [{ type: 'download.failed' }],
} satisfies Record<
  VideoDownloadEvent['type'],
  (snapshot: VideoDownloadSnapshot) => readonly VideoDownloadEvent[]
>;

export const videoDownloadInternalSamples = {
  [doneOf('findDownload')]: () => [
    { type: doneOf('findDownload'), output: null },
    { type: doneOf('findDownload'), output: STORED_COMPLETE },
    { type: doneOf('findDownload'), output: STORED_PARTIAL },
  ],
  [errorOf('findDownload')]: () => [{ type: errorOf('findDownload'), error: STORAGE_ERROR }],
  [doneOf('discardPartial')]: () => [{ type: doneOf('discardPartial'), output: undefined }],
  [errorOf('discardPartial')]: () => [{ type: errorOf('discardPartial'), error: REMOVE_ERROR }],
  [doneOf('removeDownload')]: () => [{ type: doneOf('removeDownload'), output: undefined }],
  [errorOf('removeDownload')]: () => [{ type: errorOf('removeDownload'), error: REMOVE_ERROR }],
  [AFTER_RETRY]: () => [{ type: AFTER_RETRY }],
} satisfies Record<string, (snapshot: VideoDownloadSnapshot) => readonly AnyEventObject[]>;

/** From a phone on mobile data with Wi-Fi only on, and from a desktop browser that says nothing. */
export const VIDEO_DOWNLOAD_INPUTS: readonly VideoDownloadInput[] = [
  { renditions: RENDITIONS, wifiOnly: false, hints: UNKNOWN },
  { renditions: RENDITIONS, wifiOnly: true, hints: CELLULAR },
];

export const videoDownloadModel: MachineModel<VideoDownloadMachine> = {
  machine: videoDownloadMachine,
  inputs: VIDEO_DOWNLOAD_INPUTS,
  samples: { ...videoDownloadEventSamples, ...videoDownloadInternalSamples },
  filterEvents: (snapshot, event) => {
    // The connection matters where a download is chosen, waiting or running: elsewhere it only changes what
    // is remembered, which a single step from those states already covers.
    if (['network.changed', 'download.setWifiOnly'].includes(event.type)) {
      return (['choosing', 'waitingForWifi', 'downloading', 'interrupted', 'paused', 'failed'] as const).some(
        (state) => snapshot.matches(state),
      );
    }
    // Some bytes, and one automatic retry, show every transition; more only repeat them.
    if (event.type === 'download.progress') return snapshot.context.receivedBytes === 0;
    if (event.type === AFTER_RETRY) return snapshot.context.autoRetries === 0;
    return true;
  },
};

export const VIDEO_DOWNLOAD_EFFECTS = ['persistWifiOnly'] as const;

/** One run of the download actor: what it was asked, what it can send back, whether it was stopped. */
export type FakeDownload = FakeDownloadOf<VideoDownloadEvent, DownloadVideoInput>;

export class VideoDownloadFakes extends DownloadFakes<VideoDownloadEvent, DownloadVideoInput> {}

export function fakesOf(harness: VideoDownloadHarness): VideoDownloadFakes {
  if (!(harness.fakes instanceof VideoDownloadFakes)) throw new Error('Not a videoDownload harness');
  return harness.fakes;
}

export function createVideoDownloadHarness(input: VideoDownloadInput): VideoDownloadHarness {
  const fakes = new VideoDownloadFakes();
  const logic = videoDownloadMachine.provide({
    actions: fakes.actions(VIDEO_DOWNLOAD_EFFECTS),
    actors: {
      findDownload: fakes.promiseActor<StoredDownload | null, void>('findDownload'),
      downloadVideo: fakes.downloadActor(),
      discardPartial: fakes.promiseActor<void, void>('discardPartial'),
      removeDownload: fakes.promiseActor<void, void>('removeDownload'),
    },
  });
  return new Harness(logic, input, fakes);
}

/** The download actor's own events reach the machine the way the real actor sends them. */
async function sendFromDownload(harness: VideoDownloadHarness, event: VideoDownloadEvent): Promise<void> {
  fakesOf(harness).runningDownload().sendBack(event);
  await settle();
}

export const videoDownloadExecutors = {
  'download.request': (harness, event) => harness.send(event),
  'download.choose': (harness, event) => harness.send(event),
  'download.confirm': (harness, event) => harness.send(event),
  'download.cancel': (harness, event) => harness.send(event),
  'download.pause': (harness, event) => harness.send(event),
  'download.resume': (harness, event) => harness.send(event),
  'download.retry': (harness, event) => harness.send(event),
  'download.remove': (harness, event) => harness.send(event),
  'download.setWifiOnly': (harness, event) => harness.send(event),
  'network.changed': (harness, event) => harness.send(event),
  'download.progress': sendFromDownload,
  'download.finished': sendFromDownload,
  'download.interrupted': sendFromDownload,
  'download.failed': sendFromDownload,
} satisfies EventExecutors<VideoDownloadMachine>;

/** Done and error events settle the fake named after the effect, not after the derived invoke id. */
export const videoDownloadInternalExecutors: Record<
  string,
  Executor<VideoDownloadMachine>
> = Object.fromEntries(
  (Object.keys(PROMISE_EFFECTS) as PromiseEffect[]).flatMap((src) => [
    [
      doneOf(src),
      (harness: VideoDownloadHarness, event: AnyEventObject) =>
        harness.resolve(src, (event as { output?: unknown }).output),
    ],
    [
      errorOf(src),
      (harness: VideoDownloadHarness, event: AnyEventObject) =>
        harness.reject(src, (event as { error?: unknown }).error),
    ],
  ]),
);

export const videoDownloadPaths = () => generatePaths(videoDownloadModel);
