import type {
  NetworkHints,
  VideoQualityEvent,
  VideoQualityInput,
  VideoQualitySnapshot,
} from '../../machines/videoQuality';
import { videoQualityMachine } from '../../machines/videoQuality';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

// The quality choice of one lesson: Auto or a rendition, the student's Data saver setting, the connection
// as the browser describes it (Wi-Fi and fast, mobile data, nothing known), and a rendition downloaded or not.

type VideoQualityMachine = typeof videoQualityMachine;

export const WIFI: NetworkHints = { online: true, saveData: false, type: 'wifi', effectiveType: '4g' };
export const CELLULAR: NetworkHints = {
  online: true,
  saveData: false,
  type: 'cellular',
  effectiveType: '4g',
};
export const SAVE_DATA: NetworkHints = { online: true, saveData: true, type: null, effectiveType: '4g' };
export const SLOW: NetworkHints = { online: true, saveData: false, type: null, effectiveType: '3g' };
/** Issue 19: a browser without the Network Information API, whose own downloads came at 400 kb/s. */
export const SLOW_MEASURED: NetworkHints = {
  online: true,
  saveData: false,
  type: null,
  effectiveType: null,
  measuredKbps: 400,
};
/** A desktop browser: no type, a fast link. */
export const UNKNOWN: NetworkHints = { online: true, saveData: false, type: null, effectiveType: null };

export const videoQualityEventSamples = {
  'quality.choose': () => [
    { type: 'quality.choose', choice: 'auto' },
    { type: 'quality.choose', choice: 'saver' },
    { type: 'quality.choose', choice: '360p' },
    { type: 'quality.choose', choice: '480p' },
  ],
  'quality.setDataSaver': (snapshot: VideoQualitySnapshot) => [
    { type: 'quality.setDataSaver', on: !snapshot.context.dataSaver },
  ],
  'quality.downloadedChanged': (snapshot: VideoQualitySnapshot) => [
    { type: 'quality.downloadedChanged', quality: snapshot.context.downloaded === null ? 'saver' : null },
  ],
  'network.changed': () => [
    { type: 'network.changed', hints: WIFI },
    { type: 'network.changed', hints: CELLULAR },
    { type: 'network.changed', hints: SAVE_DATA },
    { type: 'network.changed', hints: SLOW },
    { type: 'network.changed', hints: SLOW_MEASURED },
  ],
} satisfies Record<
  VideoQualityEvent['type'],
  (snapshot: VideoQualitySnapshot) => readonly VideoQualityEvent[]
>;

export const VIDEO_QUALITY_INPUTS: readonly VideoQualityInput[] = [
  { dataSaver: false, hints: UNKNOWN },
  { dataSaver: true, hints: CELLULAR },
];

export const videoQualityModel: MachineModel<VideoQualityMachine> = {
  machine: videoQualityMachine,
  inputs: VIDEO_QUALITY_INPUTS,
  samples: videoQualityEventSamples,
};

export const VIDEO_QUALITY_EFFECTS = ['persistDataSaver'] as const;

export function createVideoQualityHarness(input: VideoQualityInput): Harness<VideoQualityMachine> {
  const fakes = new Fakes();
  return new Harness(
    videoQualityMachine.provide({ actions: fakes.actions(VIDEO_QUALITY_EFFECTS) }),
    input,
    fakes,
  );
}

export const videoQualityExecutors = {
  'quality.choose': (harness, event) => harness.send(event),
  'quality.setDataSaver': (harness, event) => harness.send(event),
  'quality.downloadedChanged': (harness, event) => harness.send(event),
  'network.changed': (harness, event) => harness.send(event),
} satisfies EventExecutors<VideoQualityMachine>;

export const videoQualityPaths = () => generatePaths(videoQualityModel);
