import { expect } from 'vitest';
import type { DownloadPlan, DownloadView, fileDownloadMachine } from '../../../machines/fileDownload';
import { selectDownloadView } from '../../../machines/fileDownload';
import { fakesOf } from '../fileDownload.model';
import type { Oracle } from '../modelHarness';
import { CallLog } from './observe';

// Issues 5 and 8 "downloaded for offline reading", written again without the machine: the size (and, on a
// metered connection, a warning) is shown before a single byte of the file is spent, and the download starts
// only when the student confirms it; it shows its progress; it can be cancelled (nothing more is fetched),
// retried from a fresh measurement, and, once stored, removed; a removal that fails keeps the file.

type Status = DownloadView['status'];

export const fileDownloadOracle: Oracle<typeof fileDownloadMachine> = () => {
  let status: Status = 'checking';
  let plan: DownloadPlan | null = null;
  let received = 0;
  let total: number | null = null;
  let size: number | null = null;
  const calls = new CallLog();
  let downloadsBefore = 0;

  const settle = (event: { type: string; output?: unknown }) => {
    const done = event.type.startsWith('xstate.done.');
    if (status === 'checking') {
      size = done ? (event.output as number | null) : null;
      status = !done ? 'unavailable' : size === null ? 'available' : 'downloaded';
    } else if (status === 'planning') {
      plan = done ? (event.output as DownloadPlan) : null;
      status = done ? 'confirming' : 'failed';
    } else if (status === 'removing') {
      if (done) size = null;
      status = done ? 'available' : 'downloaded';
    } else throw new Error(`${event.type} while ${status}: nothing of the kind runs then`);
  };

  return (harness, { event }) => {
    const fakes = fakesOf(harness);
    const started = {
      findDownload: calls.newCalls(fakes, 'findDownload').length,
      planDownload: calls.newCalls(fakes, 'planDownload').length,
      removeDownload: calls.newCalls(fakes, 'removeDownload').length,
      downloads: fakes.downloads.length - downloadsBefore,
    };
    downloadsBefore = fakes.downloads.length;
    const expected = { findDownload: 0, planDownload: 0, removeDownload: 0, downloads: 0 };
    const to = (next: Status, effect?: keyof typeof expected) => {
      status = next;
      if (effect) expected[effect] = 1;
    };
    switch (event.type) {
      case 'xstate.init':
        expected.findDownload = 1;
        break;
      case 'download.request':
        if (status === 'available') to('planning', 'planDownload');
        break;
      case 'download.retry':
        if (status === 'failed') to('planning', 'planDownload');
        break;
      case 'download.confirm':
        if (status === 'confirming') {
          [received, total] = [0, plan?.sizeBytes ?? null];
          to('downloading', 'downloads');
        }
        break;
      case 'download.cancel':
        if (['confirming', 'downloading', 'failed'].includes(status)) to('available');
        break;
      case 'download.progress':
        received = event.receivedBytes as number;
        total = (event.totalBytes as number | null) ?? total;
        break;
      case 'download.finished':
        [size, status] = [event.sizeBytes as number, 'downloaded'];
        break;
      case 'download.failed':
        status = 'failed';
        break;
      case 'download.remove':
        if (status === 'downloaded') to('removing', 'removeDownload');
        break;
      default:
        settle(event);
    }
    expect(started, `effects started by ${event.type}`).toEqual(expected);
    expect(fakes.runningDownloads(), 'bytes are spent only while downloading').toHaveLength(
      status === 'downloading' ? 1 : 0,
    );
    const views: Partial<Record<Status, DownloadView>> = {
      confirming: {
        status: 'confirming',
        sizeBytes: plan?.sizeBytes ?? null,
        metered: plan?.metered ?? false,
      },
      downloading: { status: 'downloading', receivedBytes: received, totalBytes: total },
      downloaded: { status: 'downloaded', sizeBytes: size },
    };
    expect(selectDownloadView(harness.snapshot), `the button after ${event.type}`).toEqual(
      views[status] ?? { status },
    );
    expect(harness.snapshot.status).toBe(status === 'unavailable' ? 'done' : 'active');
  };
};
