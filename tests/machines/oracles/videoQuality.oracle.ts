import { expect } from 'vitest';
import type {
  NetworkHints,
  Quality,
  QualityChoice,
  videoQualityMachine,
} from '../../../machines/videoQuality';
import { selectChoice, selectDataSaver, selectQuality } from '../../../machines/videoQuality';
import type { Oracle } from '../modelHarness';
import { paramsOf } from './observe';

// Issue 11 "Player", written again without the machine: the student chooses Auto, Data saver, 360p or 480p;
// every lesson opens on Auto. Auto plays a rendition already downloaded (it costs nothing); otherwise it saves
// data when the student's Data saver setting is on, when the browser asks to (Save-Data), on mobile data,
// and on a slow link (3G or worse, or under 1 Mb/s by the browser's estimate or, where it gives none, by the
// page's own downloads: issue 19); on Wi-Fi or a cable it plays 480p; when the browser says nothing, 360p.
// A chosen rendition stays whatever the connection or the setting does. The setting is the student's, kept
// on the device whenever it changes.

const SLOW = ['slow-2g', '2g', '3g'];
const UNMETERED = ['wifi', 'ethernet'];

function autoPick(hints: NetworkHints, dataSaver: boolean, downloaded: Quality | null): Quality {
  if (downloaded !== null) return downloaded;
  if (dataSaver || hints.saveData || hints.type === 'cellular') return 'saver';
  if (hints.effectiveType !== null && SLOW.includes(hints.effectiveType)) return 'saver';
  const kbps = hints.downlinkKbps ?? hints.measuredKbps ?? null;
  if (kbps !== null && kbps < 1_000) return 'saver';
  return hints.type !== null && UNMETERED.includes(hints.type) ? '480p' : '360p';
}

export const videoQualityOracle: Oracle<typeof videoQualityMachine> = (input) => {
  let choice: QualityChoice = 'auto';
  let dataSaver = input.dataSaver;
  let hints = input.hints;
  let downloaded: Quality | null = null;

  return (harness, { event, effects }) => {
    switch (event.type) {
      case 'quality.choose':
        choice = event.choice as QualityChoice;
        break;
      case 'quality.setDataSaver':
        dataSaver = event.on as boolean;
        break;
      case 'quality.downloadedChanged':
        downloaded = event.quality as Quality | null;
        break;
      case 'network.changed':
        hints = event.hints as NetworkHints;
        break;
    }
    expect(paramsOf(effects, 'persistDataSaver'), `the setting kept after ${event.type}`).toEqual(
      event.type === 'quality.setDataSaver' ? [{ on: dataSaver }] : [],
    );
    expect(selectChoice(harness.snapshot)).toBe(choice);
    expect(selectDataSaver(harness.snapshot)).toBe(dataSaver);
    expect(selectQuality(harness.snapshot), `the rendition after ${event.type}`).toBe(
      choice === 'auto' ? autoPick(hints, dataSaver, downloaded) : choice,
    );
  };
};
