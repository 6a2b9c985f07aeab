import { fromCallback, fromPromise } from 'xstate';
import type { DownloadPlan, FileDownloadEvent, fileDownloadMachine } from '../../machines/fileDownload';
import type { DownloadableBook, OfflineBookStore } from '../services/offline/book-downloads';

/** The file download machine's effects for one book: the offline book store. */
export function fileDownloadActors(
  store: OfflineBookStore,
  book: DownloadableBook,
): Parameters<typeof fileDownloadMachine.provide>[0] {
  return {
    actors: {
      findDownload: fromPromise<number | null, void>(async () => {
        if (!store.isSupported) throw new Error('Offline books are not supported here');
        return (await store.find(book._id))?.sizeBytes ?? null;
      }),
      planDownload: fromPromise<DownloadPlan, void>(() => store.plan(book)),
      downloadFile: fromCallback<FileDownloadEvent>(({ sendBack }) => {
        const abort = new AbortController();
        store
          .download(
            book,
            (receivedBytes, totalBytes) => sendBack({ type: 'download.progress', receivedBytes, totalBytes }),
            abort.signal,
          )
          .then(
            (saved) => sendBack({ type: 'download.finished', sizeBytes: saved.sizeBytes }),
            () => {
              if (!abort.signal.aborted) sendBack({ type: 'download.failed' });
            },
          );
        return () => abort.abort();
      }),
      removeDownload: fromPromise<void, void>(async () => {
        const stored = await store.find(book._id);
        if (stored) await store.remove(stored.key);
      }),
    },
  };
}
