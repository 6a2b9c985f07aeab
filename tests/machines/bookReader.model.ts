import type { AnyEventObject, InputFrom } from 'xstate';
import type { BookReaderEvent, BookReaderSnapshot, OpenBookOutput } from '../../machines/bookReader';
import { bookReaderMachine } from '../../machines/bookReader';
import type { EventExecutors, Executor, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

// One book on the reader screen: opened (first time, at a saved page, at a saved page beyond a shorter
// new edition, a one-page book) or failing to open; pages turned, chosen and zoomed, and fitted back to the
// width; a page that fails to draw; a retry.

type BookReaderMachine = typeof bookReaderMachine;
type BookReaderHarness = Harness<BookReaderMachine>;

export const BOOK_ID = 'book-maths-f5-revision';
export const PAGES = 3;

export const FIRST_OPENING: OpenBookOutput = { pageCount: PAGES, lastPage: null };
export const SAVED_AT_PAGE_2: OpenBookOutput = { pageCount: PAGES, lastPage: 2 };
export const SAVED_BEYOND_END: OpenBookOutput = { pageCount: PAGES, lastPage: 9 };
export const ONE_PAGE_BOOK: OpenBookOutput = { pageCount: 1, lastPage: null };

export const OPEN_ERROR = new Error('Network error. Please check your internet connection.');
export const RENDER_ERROR = 'The page could not be shown.';

const openInvokeId = (() => {
  const invoke = bookReaderMachine.root.states.opening?.invoke[0];
  if (!invoke) throw new Error('bookReader.opening invokes nothing');
  return invoke.id;
})();
export const OPEN_DONE = `xstate.done.actor.${openInvokeId}`;
export const OPEN_ERROR_EVENT = `xstate.error.actor.${openInvokeId}`;

export const bookReaderEventSamples = {
  'reader.next': () => [{ type: 'reader.next' }],
  'reader.previous': () => [{ type: 'reader.previous' }],
  // The last page, and pages a typed number could ask for that do not exist.
  'reader.goTo': () => [
    { type: 'reader.goTo', page: PAGES },
    { type: 'reader.goTo', page: 0 },
    { type: 'reader.goTo', page: 2.5 },
  ],
  'reader.zoomIn': () => [{ type: 'reader.zoomIn' }],
  'reader.zoomOut': () => [{ type: 'reader.zoomOut' }],
  'reader.zoomFit': () => [{ type: 'reader.zoomFit' }],
  'reader.renderFailed': () => [{ type: 'reader.renderFailed', error: RENDER_ERROR }],
  'reader.retry': () => [{ type: 'reader.retry' }],
} satisfies Record<BookReaderEvent['type'], (snapshot: BookReaderSnapshot) => readonly BookReaderEvent[]>;

export const bookReaderModel: MachineModel<BookReaderMachine> = {
  machine: bookReaderMachine,
  inputs: [{ bookId: BOOK_ID }],
  samples: {
    ...bookReaderEventSamples,
    // A saved page beyond the end is a unit test of its own (it only changes the opening page).
    [OPEN_DONE]: () => [
      { type: OPEN_DONE, output: FIRST_OPENING },
      { type: OPEN_DONE, output: SAVED_AT_PAGE_2 },
      { type: OPEN_DONE, output: ONE_PAGE_BOOK },
    ],
    [OPEN_ERROR_EVENT]: () => [{ type: OPEN_ERROR_EVENT, error: OPEN_ERROR }],
  } satisfies Record<string, (snapshot: BookReaderSnapshot) => readonly AnyEventObject[]>,
};

export const BOOK_READER_EFFECTS = ['savePage'] as const;

export function createBookReaderHarness(input: InputFrom<BookReaderMachine>): BookReaderHarness {
  const fakes = new Fakes();
  const logic = bookReaderMachine.provide({
    actors: { openBook: fakes.promiseActor<OpenBookOutput, { bookId: string }>('openBook') },
    actions: fakes.actions(BOOK_READER_EFFECTS),
  });
  return new Harness(logic, input, fakes);
}

export const bookReaderExecutors = {
  'reader.next': (harness, event) => harness.send(event),
  'reader.previous': (harness, event) => harness.send(event),
  'reader.goTo': (harness, event) => harness.send(event),
  'reader.zoomIn': (harness, event) => harness.send(event),
  'reader.zoomOut': (harness, event) => harness.send(event),
  'reader.zoomFit': (harness, event) => harness.send(event),
  'reader.renderFailed': (harness, event) => harness.send(event),
  'reader.retry': (harness, event) => harness.send(event),
} satisfies EventExecutors<BookReaderMachine>;

export const bookReaderInternalExecutors: Record<string, Executor<BookReaderMachine>> = {
  [OPEN_DONE]: (harness, event) => harness.resolve('openBook', (event as { output?: unknown }).output),
  [OPEN_ERROR_EVENT]: (harness, event) => harness.reject('openBook', (event as { error?: unknown }).error),
};

export const bookReaderPaths = () => generatePaths(bookReaderModel);
