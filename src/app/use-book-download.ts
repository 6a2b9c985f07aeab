import { useActorRef, useSelector } from '@xstate/react';
import type { DownloadView } from '../../machines/fileDownload';
import { fileDownloadMachine, selectDownloadView } from '../../machines/fileDownload';
import { fileDownloadActors } from '../actors/fileDownload';
import type { DownloadableBook, OfflineBookStore } from '../services/offline/book-downloads';
import { useContentStores } from './content-stores';

/**
 * The offline copy of one book, through the fileDownload statechart (size shown first, a warning on mobile
 * data, progress, cancel, retry, remove) with the offline book store as its effects (src/actors/fileDownload.ts).
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
  return fileDownloadMachine.provide(fileDownloadActors(store, book));
}
