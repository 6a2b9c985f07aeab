import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookReaderEvent, ReaderView } from '../../machines/bookReader';
import { bookReaderMachine, selectReaderView } from '../../machines/bookReader';
import type { ReadableBook } from '../actors/bookReader';
import { bookReaderActors } from '../actors/bookReader';
import type { PdfBook } from '../services/pdf/pdf-book';
import { useContentStores } from './content-stores';

export type { ReadableBook } from '../actors/bookReader';

/**
 * One book in the reader through the bookReader machine, its effects in src/actors/bookReader.ts (pdf.js
 * fetched when the book opens, the offline copy read first, the last page read remembered).
 */
export function useBookReader(book: ReadableBook) {
  const { t } = useTranslation();
  const { offlineBooks, readingPositions } = useContentStores();
  const pdf = useRef<PdfBook | null>(null);
  const latest = useRef(book);
  latest.current = book;

  const actor = useActorRef(
    bookReaderMachine.provide(
      bookReaderActors({
        offlineBooks,
        readingPositions,
        book: latest,
        pdf,
        openFailed: () => t('reader.openFailed'),
      }),
    ),
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
