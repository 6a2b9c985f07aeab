import type { EventObject, NonReducibleUnknown } from 'xstate';
import { fromCallback } from 'xstate';
import { Fakes } from './modelHarness';

/** One run of a download actor: what it was asked, how it reports back, and whether it was stopped. */
export interface FakeDownload<TEvent extends EventObject, TInput> {
  readonly input: TInput;
  readonly sendBack: (event: TEvent) => void;
  stopped: boolean;
}

/**
 * The promise effects as in every model, plus a callback actor standing for a download, which the test
 * drives through `sendBack`. The real actors abort their request when stopped (keeping what arrived).
 */
export class DownloadFakes<TEvent extends EventObject, TInput = NonReducibleUnknown> extends Fakes {
  readonly downloads: FakeDownload<TEvent, TInput>[] = [];

  downloadActor() {
    return fromCallback<TEvent, TInput>(({ sendBack, input }) => {
      const download: FakeDownload<TEvent, TInput> = { input, sendBack, stopped: false };
      this.downloads.push(download);
      return () => {
        download.stopped = true;
      };
    });
  }

  runningDownloads(): FakeDownload<TEvent, TInput>[] {
    return this.downloads.filter((download) => !download.stopped);
  }

  runningDownload(): FakeDownload<TEvent, TInput> {
    const running = this.runningDownloads();
    if (running.length !== 1 || !running[0])
      throw new Error(`Expected one download, found ${running.length}`);
    return running[0];
  }
}
