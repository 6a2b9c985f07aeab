import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import {
  type BookReaderEvent,
  bookReaderMachine,
  type OpenBookInput,
  type OpenBookOutput,
  type ReaderView,
  selectReaderView,
} from '../../machines/bookReader';
import type { PdfBook } from '../services/pdf/pdf-book';
import { useContentStores } from './content-stores';

/** A book the reader can open: the copy on the device first, else the signed file URL (when not locked). */
export interface ReadableBook {
  _id: string;
  fileUrl?: string | undefined;
}

/**
 * One book in the reader through the bookReader machine: pdf.js is fetched when the book opens (its chunk
 * is nowhere else), the offline copy is read if there is one, and the last page read is remembered.
 */
export function useBookReader(book: ReadableBook) {
  const { t } = useTranslation();
  const { offlineBooks, readingPositions } = useContentStores();
  const pdf = useRef<PdfBook | null>(null);
  const latest = useRef(book);
  latest.current = book;

  const actor = useActorRef(
    bookReaderMachine.provide({
      actors: {
        openBook: fromPromise<OpenBookOutput, OpenBookInput>(async ({ input }) => {
          try {
            const { openPdfBook } = await import('../services/pdf/pdf-book');
            const data = await offlineBooks.read(input.bookId).catch(() => null);
            const url = latest.current.fileUrl;
            if (!data && !url) throw new Error('no copy and no link');
            const opened = await openPdfBook(data ? { data } : { url: url as string });
            await pdf.current?.close();
            pdf.current = opened;
            return { pageCount: opened.pageCount, lastPage: await readingPositions.load(input.bookId) };
          } catch {
            throw new Error(t('reader.openFailed'));
          }
        }),
      },
      actions: {
        savePage: (_, { bookId, page }) => void readingPositions.save(bookId, page),
      },
    }),
    { input: { bookId: book._id } },
  );
  useEffect(
    () => () => {
      void pdf.current?.close();
      pdf.current = null;
    },
    [],
  );

  const view: ReaderView = useSelector(actor, selectReaderView);
  const send = (event: BookReaderEvent) => actor.send(event);

  /** Draws the page shown into the canvas; a failure (not a newer page superseding it) fails the reader. */
  const draw = async (canvas: HTMLCanvasElement, width: number) => {
    const book = pdf.current;
    const shown = actor.getSnapshot();
    if (!book || !shown.matches('reading')) return;
    try {
      await book.render(shown.context.page, canvas, width, shown.context.zoom);
    } catch (error) {
      const { isCancelledRender } = await import('../services/pdf/pdf-book');
      if (!isCancelledRender(error)) send({ type: 'reader.renderFailed', error: t('reader.renderFailed') });
    }
  };

  return { view, send, draw };
}
