import { fromPromise } from 'xstate';
import type { bookReaderMachine, OpenBookInput, OpenBookOutput } from '../../machines/bookReader';
import type { ReadingPositions } from '../services/content/reading-positions';
import type { OfflineBookStore } from '../services/offline/book-downloads';
import type { PdfBook } from '../services/pdf/pdf-book';

/** A book the reader can open: the copy on the device first, else the signed file URL (when not locked). */
export interface ReadableBook {
  _id: string;
  fileUrl?: string | undefined;
}

export interface BookReaderDeps {
  offlineBooks: Pick<OfflineBookStore, 'read'>;
  readingPositions: ReadingPositions;
  /** The book as the screen has it now (its signed URL may have been renewed). */
  book: { readonly current: ReadableBook };
  /** The open document, which the screen draws from and closes. */
  pdf: { current: PdfBook | null };
  /** The translated text of a book that cannot be opened. */
  openFailed: () => string;
}

/**
 * The book reader machine's effects: pdf.js is fetched when the book opens (its chunk is nowhere else), the
 * offline copy is read if there is one, and the last page read is remembered.
 */
export function bookReaderActors(fx: BookReaderDeps): Parameters<typeof bookReaderMachine.provide>[0] {
  return {
    actors: {
      openBook: fromPromise<OpenBookOutput, OpenBookInput>(async ({ input }) => {
        try {
          const { openPdfBook } = await import('../services/pdf/pdf-book');
          const data = await fx.offlineBooks.read(input.bookId).catch(() => null);
          const url = fx.book.current.fileUrl;
          if (!data && !url) throw new Error('no copy and no link');
          const opened = await openPdfBook(data ? { data } : { url: url as string });
          await fx.pdf.current?.close();
          fx.pdf.current = opened;
          return { pageCount: opened.pageCount, lastPage: await fx.readingPositions.load(input.bookId) };
        } catch {
          throw new Error(fx.openFailed());
        }
      }),
    },
    actions: {
      savePage: (_, { bookId, page }) => void fx.readingPositions.save(bookId, page),
    },
  };
}
