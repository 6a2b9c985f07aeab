import type { SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { failureText as describe, notProvided } from './notProvided';

// Issue 8 "Books": a book opens in the app, with page navigation and zoom, and reopens at the page the
// student last read. Issue 18: on a phone the page opens fitted to the screen's width, and one tap brings
// a zoomed page back to that fit. The app provides `openBook` (the PDF library, loaded only on the reader screen, the
// file from the offline copy or the network, and the last page read) and `savePage`.

/** Zoom as a factor of the page fitted to the screen width: a phone zooms in, rarely out. */
export const ZOOM = { min: 0.75, max: 3, step: 0.25, initial: 1 } as const;

export interface OpenBookInput {
  readonly bookId: string;
}
export interface OpenBookOutput {
  readonly pageCount: number;
  /** The page the student was on last time, or null the first time. */
  readonly lastPage: number | null;
}

export type BookReaderEvent =
  | { type: 'reader.next' }
  | { type: 'reader.previous' }
  | { type: 'reader.goTo'; page: number }
  | { type: 'reader.zoomIn' }
  | { type: 'reader.zoomOut' }
  /** Back to the page fitted to the screen's width. */
  | { type: 'reader.zoomFit' }
  /** Sent by the screen when a page could not be drawn. */
  | { type: 'reader.renderFailed'; error: string }
  | { type: 'reader.retry' };

export interface BookReaderInput {
  readonly bookId: string;
}

export interface BookReaderContext {
  readonly bookId: string;
  readonly page: number;
  readonly pageCount: number;
  readonly zoom: number;
  /** The failure as the app described it (already translated). */
  readonly error: string | null;
}

/** A saved page beyond the book's end (a new edition) opens the last page; nothing saved opens page 1. */
const openingPage = (lastPage: number | null, pageCount: number) =>
  lastPage !== null && Number.isInteger(lastPage) && lastPage >= 1 ? Math.min(lastPage, pageCount) : 1;

const round = (zoom: number) => Math.round(zoom * 100) / 100;

/** What the reader can do from where it is: the guards allow it and the screen's buttons say it, alike. */
const possible = (context: BookReaderContext) => ({
  canPrevious: context.page > 1,
  canNext: context.page < context.pageCount,
  canZoomIn: context.zoom < ZOOM.max,
  canZoomOut: context.zoom > ZOOM.min,
  isZoomed: context.zoom !== ZOOM.initial,
});

export const bookReaderMachine = setup({
  types: {
    context: {} as BookReaderContext,
    events: {} as BookReaderEvent,
    input: {} as BookReaderInput,
  },
  actors: {
    openBook: notProvided<OpenBookOutput, OpenBookInput>('openBook'),
  },
  actions: {
    /** Remembers the page the student is on, for the next time the book opens. */
    savePage: (_, _params: { bookId: string; page: number }) => {},
    showPage: assign({ page: (_, params: { page: number }) => params.page }),
  },
  guards: {
    hasNext: ({ context }) => possible(context).canNext,
    hasPrevious: ({ context }) => possible(context).canPrevious,
    /** Another page that the book has (the page shown already is not worth a write). */
    isOtherPage: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) &&
      params.page >= 1 &&
      params.page <= context.pageCount &&
      params.page !== context.page,
    canZoomIn: ({ context }) => possible(context).canZoomIn,
    canZoomOut: ({ context }) => possible(context).canZoomOut,
    isZoomed: ({ context }) => possible(context).isZoomed,
  },
}).createMachine({
  id: 'bookReader',
  context: ({ input }) => ({ bookId: input.bookId, page: 1, pageCount: 0, zoom: ZOOM.initial, error: null }),
  initial: 'opening',
  states: {
    opening: {
      invoke: {
        src: 'openBook',
        input: ({ context }) => ({ bookId: context.bookId }),
        onDone: {
          target: 'reading',
          actions: assign({
            pageCount: ({ event }) => event.output.pageCount,
            page: ({ event }) => openingPage(event.output.lastPage, event.output.pageCount),
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => describe(event.error) }) },
      },
    },
    reading: {
      on: {
        'reader.next': {
          guard: 'hasNext',
          actions: [
            { type: 'showPage', params: ({ context }) => ({ page: context.page + 1 }) },
            { type: 'savePage', params: ({ context }) => ({ bookId: context.bookId, page: context.page }) },
          ],
        },
        'reader.previous': {
          guard: 'hasPrevious',
          actions: [
            { type: 'showPage', params: ({ context }) => ({ page: context.page - 1 }) },
            { type: 'savePage', params: ({ context }) => ({ bookId: context.bookId, page: context.page }) },
          ],
        },
        'reader.goTo': {
          guard: { type: 'isOtherPage', params: ({ event }) => ({ page: event.page }) },
          actions: [
            { type: 'showPage', params: ({ event }) => ({ page: event.page }) },
            { type: 'savePage', params: ({ context }) => ({ bookId: context.bookId, page: context.page }) },
          ],
        },
        'reader.zoomIn': {
          guard: 'canZoomIn',
          actions: assign({ zoom: ({ context }) => round(Math.min(ZOOM.max, context.zoom + ZOOM.step)) }),
        },
        'reader.zoomOut': {
          guard: 'canZoomOut',
          actions: assign({ zoom: ({ context }) => round(Math.max(ZOOM.min, context.zoom - ZOOM.step)) }),
        },
        'reader.zoomFit': { guard: 'isZoomed', actions: assign({ zoom: ZOOM.initial }) },
        'reader.renderFailed': {
          target: 'failed',
          actions: assign({ error: ({ event }) => event.error }),
        },
      },
    },
    // Opening again reads the saved page afresh, so a retry lands where the student was.
    failed: { on: { 'reader.retry': 'opening' } },
  },
});

export type BookReaderSnapshot = SnapshotFrom<typeof bookReaderMachine>;

export type ReaderView =
  | { readonly status: 'opening' }
  | { readonly status: 'failed'; readonly error: string }
  | {
      readonly status: 'reading';
      readonly page: number;
      readonly pageCount: number;
      readonly zoom: number;
      readonly canPrevious: boolean;
      readonly canNext: boolean;
      readonly canZoomIn: boolean;
      readonly canZoomOut: boolean;
      /** Not fitted to the width: "fit" brings it back. */
      readonly isZoomed: boolean;
    };

/** What the reader screen shows. */
export function selectReaderView(snapshot: BookReaderSnapshot): ReaderView {
  const { context } = snapshot;
  if (snapshot.matches('reading')) {
    return {
      status: 'reading',
      page: context.page,
      pageCount: context.pageCount,
      zoom: context.zoom,
      ...possible(context),
    };
  }
  if (snapshot.matches('failed')) return { status: 'failed', error: context.error ?? '' };
  return { status: 'opening' };
}
