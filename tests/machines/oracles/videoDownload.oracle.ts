import { expect } from 'vitest';
import type { StoredDownload, videoDownloadMachine } from '../../../machines/videoDownload';
import {
  selectDownloadedQuality,
  selectDownloadView,
  selectWifiOnly,
} from '../../../machines/videoDownloadView';
import type { NetworkHints, Quality } from '../../../machines/videoQuality';
import type { Oracle } from '../modelHarness';
import { fakesOf } from '../videoDownload.model';
import { CallLog, paramsOf } from './observe';

// Issues 5 and 11 "Downloads", and the decisions of machines/README.md, written again without the machine:
// the device is asked first what it holds (a whole download, the start of one, or nothing). The student picks
// the rendition, Data saver first, seeing every size and, on a metered connection, a warning; not a byte is
// spent before they confirm. With "download on Wi-Fi only" on, a download waits while the browser says the
// connection is not Wi-Fi (when it says nothing, nothing holds it back). A lost connection keeps what
// arrived and goes on from there: by itself 5 s later, as soon as the browser is online again, or when the
// student resumes. Paused, failed and interrupted downloads can be resumed or cancelled (what arrived is
// discarded); a stored one can be removed. The setting is kept on the device whenever it changes.

const RETRY_AFTER = 5_000;
const UNMETERED = ['wifi', 'ethernet'];

type Phase =
  | 'checking'
  | 'unavailable'
  | 'available'
  | 'choosing'
  | 'waitingForWifi'
  | 'downloading'
  | 'interrupted'
  | 'paused'
  | 'failed'
  | 'discarding'
  | 'downloaded'
  | 'removing';

const heldBack = (wifiOnly: boolean, hints: NetworkHints) =>
  wifiOnly && hints.type !== null && !UNMETERED.includes(hints.type);

export const videoDownloadOracle: Oracle<typeof videoDownloadMachine> = (input) => {
  let phase: Phase = 'checking';
  let wifiOnly = input.wifiOnly;
  let hints = input.hints;
  let quality: Quality = 'saver';
  let received = 0;
  let total: number | null = null;
  let stored: number | null = null;
  let interruptedAt = 0;
  let downloadsSeen = 0;
  const calls = new CallLog();
  const listed = (q: Quality) => input.renditions.find((r) => r.quality === q)?.sizeBytes ?? null;
  /** Where a resumed (or confirmed, or retried) download goes: on, or waiting for Wi-Fi. */
  const goOn = (): Phase => (heldBack(wifiOnly, hints) ? 'waitingForWifi' : 'downloading');
  const forget = () => {
    [received, total] = [0, null];
  };

  return (harness, { event, effects }) => {
    const before = phase;
    const now = harness.clock.now();
    const unfinished = ['waitingForWifi', 'downloading', 'interrupted', 'paused', 'failed'].includes(phase);
    switch (event.type) {
      case 'download.request':
        if (phase === 'available') [phase, quality] = ['choosing', 'saver'];
        break;
      case 'download.choose':
        if (phase === 'choosing') quality = event.quality as Quality;
        break;
      case 'download.confirm':
        if (phase === 'choosing') phase = goOn();
        break;
      case 'download.cancel':
        if (phase === 'choosing') phase = 'available';
        else if (unfinished) phase = 'discarding';
        break;
      case 'download.pause':
        if (['waitingForWifi', 'downloading', 'interrupted'].includes(phase)) phase = 'paused';
        break;
      case 'download.resume':
        if (phase === 'paused' || phase === 'interrupted') phase = goOn();
        break;
      case 'download.retry':
        if (phase === 'failed') phase = goOn();
        break;
      case 'download.remove':
        if (phase === 'downloaded') phase = 'removing';
        break;
      case 'download.setWifiOnly':
        wifiOnly = event.on as boolean;
        if (phase === 'waitingForWifi' && !wifiOnly) phase = 'downloading';
        if (phase === 'downloading' && heldBack(wifiOnly, hints)) phase = 'waitingForWifi';
        break;
      case 'network.changed':
        hints = event.hints as NetworkHints;
        if (phase === 'waitingForWifi' || phase === 'downloading') phase = goOn();
        else if (phase === 'interrupted' && (heldBack(wifiOnly, hints) || hints.online)) phase = goOn();
        break;
      case 'download.progress':
        received = event.receivedBytes as number;
        total = (event.totalBytes as number | null) ?? total;
        break;
      case 'download.finished':
        [phase, stored] = ['downloaded', event.sizeBytes as number];
        forget();
        break;
      case 'download.interrupted':
        [phase, interruptedAt] = ['interrupted', now];
        break;
      case 'download.failed':
        phase = 'failed';
        break;
      default:
        if (event.type.startsWith('xstate.after.')) {
          expect(now - interruptedAt, 'an interrupted download tries again 5 s later').toBe(RETRY_AFTER);
          phase = goOn();
        } else if (
          event.type.startsWith('xstate.done.actor.') ||
          event.type.startsWith('xstate.error.actor.')
        ) {
          const failed = event.type.startsWith('xstate.error.');
          const output = (event as { output?: StoredDownload | null }).output ?? null;
          if (phase === 'checking') {
            if (failed) phase = 'unavailable';
            else if (output?.status === 'complete')
              [phase, quality, stored] = ['downloaded', output.quality, output.sizeBytes];
            else if (output?.status === 'partial')
              [phase, quality, received, total] = [
                'paused',
                output.quality,
                output.receivedBytes,
                output.totalBytes,
              ];
            else phase = 'available';
          } else if (phase === 'discarding') {
            phase = 'available';
            forget();
          } else if (phase === 'removing') {
            phase = failed ? 'downloaded' : 'available';
            if (!failed) stored = null;
          }
        }
    }

    const fakes = fakesOf(harness);
    const started = fakes.downloads.slice(downloadsSeen).map((download) => download.input);
    downloadsSeen = fakes.downloads.length;
    expect(fakes.runningDownloads().length, 'bytes spent only while downloading').toBe(
      phase === 'downloading' ? 1 : 0,
    );
    // Every start (and restart) asks for the rest of the rendition chosen.
    expect(started, `downloads started by ${event.type}`).toEqual(
      phase === 'downloading' && before !== 'downloading' ? [{ quality, fromByte: received }] : [],
    );
    expect(calls.newCalls(fakes, 'discardPartial'), 'what arrived is discarded on cancel').toHaveLength(
      phase === 'discarding' && before !== 'discarding' ? 1 : 0,
    );
    expect(calls.newCalls(fakes, 'removeDownload')).toHaveLength(
      phase === 'removing' && before !== 'removing' ? 1 : 0,
    );
    expect(paramsOf(effects, 'persistWifiOnly'), 'the setting is kept').toEqual(
      event.type === 'download.setWifiOnly' ? [{ on: wifiOnly }] : [],
    );
    if (phase === 'downloading') expect(heldBack(wifiOnly, hints), 'never against Wi-Fi only').toBe(false);

    const view = selectDownloadView(harness.snapshot);
    let expected: unknown = { status: phase };
    if (phase === 'choosing') {
      const metered = hints.saveData || hints.type === 'cellular';
      expected = { status: phase, quality, renditions: input.renditions, metered };
    } else if (['waitingForWifi', 'downloading', 'interrupted', 'paused', 'failed'].includes(phase)) {
      expected = { status: phase, quality, receivedBytes: received, totalBytes: total ?? listed(quality) };
    } else if (phase === 'downloaded') {
      expected = { status: phase, quality, sizeBytes: stored };
    }
    expect(view, `the download control after ${event.type}`).toEqual(expected);
    expect(selectDownloadedQuality(harness.snapshot)).toBe(phase === 'downloaded' ? quality : null);
    expect(selectWifiOnly(harness.snapshot)).toBe(wifiOnly);
  };
};
