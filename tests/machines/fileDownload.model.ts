import type { AnyEventObject, InputFrom, NonReducibleUnknown } from 'xstate';
import type { DownloadPlan, FileDownloadEvent, FileDownloadSnapshot } from '../../machines/fileDownload';
import { fileDownloadMachine } from '../../machines/fileDownload';
import { DownloadFakes, type FakeDownload as FakeDownloadOf } from './download-fakes';
import type { EventExecutors, Executor, MachineModel } from './modelHarness';
import { generatePaths, Harness, settle } from './modelHarness';

// One paid video's download button: already stored or not, a plan measured with HEAD (known or unknown
// size, Wi-Fi or mobile data), a download that reports progress and then finishes or fails, and a removal.
// The machine's invokes carry no ids, so their done/error events are named after the invoke ids XState
// derives; they are read from the definition below rather than spelled out.

type VideoDownloadMachine = typeof fileDownloadMachine;
type FileDownloadHarness = Harness<VideoDownloadMachine>;

/** The size the offline store reports for a video it already holds. */
export const STORED_SIZE = 7_340_032;
/** The size HEAD announces, and the size the finished download saved. */
export const FILE_SIZE = 12_582_912;
export const HALFWAY = 6_291_456;

export const WIFI_PLAN: DownloadPlan = { sizeBytes: FILE_SIZE, metered: false };
export const METERED_PLAN: DownloadPlan = { sizeBytes: FILE_SIZE, metered: true };
/** A server without Content-Length on mobile data: the warning still shows, with an unknown size. */
export const UNKNOWN_SIZE_PLAN: DownloadPlan = { sizeBytes: null, metered: true };

export const STORAGE_ERROR = new Error('Offline downloads are not supported here');
export const HEAD_ERROR = new Error('Network error. Please check your internet connection.');
export const REMOVE_ERROR = new Error('The cache could not be opened');

/** The promise effects and the state that invokes each, with the invoke id XState gives it. */
function invokeIdOf(state: 'checking' | 'planning' | 'removing'): string {
  const invoke = fileDownloadMachine.root.states[state]?.invoke[0];
  if (!invoke) throw new Error(`videoDownload.${state} invokes nothing`);
  return invoke.id;
}

export const PROMISE_EFFECTS = {
  findDownload: invokeIdOf('checking'),
  planDownload: invokeIdOf('planning'),
  removeDownload: invokeIdOf('removing'),
} as const;

type PromiseEffect = keyof typeof PROMISE_EFFECTS;

export const doneOf = (src: PromiseEffect) => `xstate.done.actor.${PROMISE_EFFECTS[src]}`;
export const errorOf = (src: PromiseEffect) => `xstate.error.actor.${PROMISE_EFFECTS[src]}`;

export const videoDownloadEventSamples = {
  'download.request': () => [{ type: 'download.request' }],
  'download.confirm': () => [{ type: 'download.confirm' }],
  'download.cancel': () => [{ type: 'download.cancel' }],
  'download.retry': () => [{ type: 'download.retry' }],
  'download.remove': () => [{ type: 'download.remove' }],
  'download.progress': () => [
    { type: 'download.progress', receivedBytes: HALFWAY, totalBytes: FILE_SIZE },
    // A chunked response: the total stays what HEAD announced.
    { type: 'download.progress', receivedBytes: HALFWAY, totalBytes: null },
  ],
  'download.finished': () => [{ type: 'download.finished', sizeBytes: FILE_SIZE }],
  'download.failed': () => [{ type: 'download.failed' }],
} satisfies Record<
  FileDownloadEvent['type'],
  (snapshot: FileDownloadSnapshot) => readonly FileDownloadEvent[]
>;

export const videoDownloadInternalSamples = {
  [doneOf('findDownload')]: () => [
    { type: doneOf('findDownload'), output: null },
    { type: doneOf('findDownload'), output: STORED_SIZE },
  ],
  [errorOf('findDownload')]: () => [{ type: errorOf('findDownload'), error: STORAGE_ERROR }],
  [doneOf('planDownload')]: () => [
    { type: doneOf('planDownload'), output: WIFI_PLAN },
    { type: doneOf('planDownload'), output: METERED_PLAN },
    { type: doneOf('planDownload'), output: UNKNOWN_SIZE_PLAN },
  ],
  [errorOf('planDownload')]: () => [{ type: errorOf('planDownload'), error: HEAD_ERROR }],
  [doneOf('removeDownload')]: () => [{ type: doneOf('removeDownload'), output: undefined }],
  [errorOf('removeDownload')]: () => [{ type: errorOf('removeDownload'), error: REMOVE_ERROR }],
} satisfies Record<string, (snapshot: FileDownloadSnapshot) => readonly AnyEventObject[]>;

export const fileDownloadModel: MachineModel<VideoDownloadMachine> = {
  machine: fileDownloadMachine,
  inputs: [undefined],
  samples: { ...videoDownloadEventSamples, ...videoDownloadInternalSamples },
};

/** The machine has no named effect actions: its effects are the four provided actors. */
export const FILE_DOWNLOAD_EFFECTS = [] as const;

/** One run of the download actor: what it can send back, and whether the machine stopped it. */
export type FakeDownload = FakeDownloadOf<FileDownloadEvent, NonReducibleUnknown>;

/** The promise effects as in every model, plus the callback actor that downloads. */
export class FileDownloadFakes extends DownloadFakes<FileDownloadEvent> {}

export function fakesOf(harness: FileDownloadHarness): FileDownloadFakes {
  if (!(harness.fakes instanceof FileDownloadFakes)) throw new Error('Not a fileDownload harness');
  return harness.fakes;
}

export function createFileDownloadHarness(input?: InputFrom<VideoDownloadMachine>): FileDownloadHarness {
  const fakes = new FileDownloadFakes();
  const logic = fileDownloadMachine.provide({
    actors: {
      findDownload: fakes.promiseActor<number | null, void>('findDownload'),
      planDownload: fakes.promiseActor<DownloadPlan, void>('planDownload'),
      downloadFile: fakes.downloadActor(),
      removeDownload: fakes.promiseActor<void, void>('removeDownload'),
    },
  });
  return new Harness(logic, input, fakes);
}

/** The download actor's own events reach the machine the way the real actor sends them. */
async function sendFromDownload(harness: FileDownloadHarness, event: FileDownloadEvent): Promise<void> {
  fakesOf(harness).runningDownload().sendBack(event);
  await settle();
}

export const fileDownloadExecutors = {
  'download.request': (harness, event) => harness.send(event),
  'download.confirm': (harness, event) => harness.send(event),
  'download.cancel': (harness, event) => harness.send(event),
  'download.retry': (harness, event) => harness.send(event),
  'download.remove': (harness, event) => harness.send(event),
  'download.progress': sendFromDownload,
  'download.finished': sendFromDownload,
  'download.failed': sendFromDownload,
} satisfies EventExecutors<VideoDownloadMachine>;

/** Done and error events settle the fake named after the effect, not after the derived invoke id. */
export const fileDownloadInternalExecutors: Record<
  string,
  Executor<VideoDownloadMachine>
> = Object.fromEntries(
  (Object.keys(PROMISE_EFFECTS) as PromiseEffect[]).flatMap((src) => [
    [
      doneOf(src),
      (harness: FileDownloadHarness, event: AnyEventObject) =>
        harness.resolve(src, (event as { output?: unknown }).output),
    ],
    [
      errorOf(src),
      (harness: FileDownloadHarness, event: AnyEventObject) =>
        harness.reject(src, (event as { error?: unknown }).error),
    ],
  ]),
);

export const videoDownloadPaths = () => generatePaths(fileDownloadModel);
