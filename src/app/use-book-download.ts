import { useActorRef, useSelector } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import {
  type DownloadPlan,
  type DownloadView,
  type FileDownloadEvent,
  fileDownloadMachine,
  selectDownloadView,
} from '../../machines/fileDownload';
import type { DownloadableBook, OfflineBookStore } from '../services/offline/book-downloads';
import { useContentStores } from './content-stores';

/**
 * The offline copy of one book, through the fileDownload statechart (size shown first, a warning on mobile
 * data, progress, cancel, retry, remove) with the offline book store as its effects.
 * Mount it per book (`key={book._id}`): the machine belongs to that book.
 */
export function useBookDownload(book: DownloadableBook) {
  const { offlineBooks } = useContentStores();
  const actor = useActorRef(provideBookDownload(offlineBooks, book));
  const view: DownloadView = useSelector(actor, selectDownloadView);
  const send = (
    type: 'download.request' | 'download.confirm' | 'download.cancel' | 'download.retry' | 'download.remove',
  ) => actor.send({ type });
  return {
    view,
    request: () => send('download.request'),
    confirm: () => send('download.confirm'),
    cancel: () => send('download.cancel'),
    retry: () => send('download.retry'),
    remove: () => send('download.remove'),
  };
}

export function provideBookDownload(store: OfflineBookStore, book: DownloadableBook) {
  return fileDownloadMachine.provide({
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
  });
}
