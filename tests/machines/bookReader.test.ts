import { describe, expect, it } from 'vitest';
import type { bookReaderMachine, OpenBookOutput } from '../../machines/bookReader';
import { selectReaderView, ZOOM } from '../../machines/bookReader';
import {
  BOOK_ID,
  createBookReaderHarness,
  FIRST_OPENING,
  OPEN_ERROR,
  PAGES,
  RENDER_ERROR,
  SAVED_AT_PAGE_2,
  SAVED_BEYOND_END,
} from './bookReader.model';
import type { Harness } from './modelHarness';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';

type ReaderHarness = Harness<typeof bookReaderMachine>;

async function openedAt(output: OpenBookOutput): Promise<ReaderHarness> {
  const harness = createBookReaderHarness({ bookId: BOOK_ID });
  harness.start();
  await harness.resolve('openBook', output);
  return harness;
}

const saved = (harness: ReaderHarness) => harness.fakes.effectsOf('savePage');

describe('bookReader machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.bookReader);
    console.log(`bookReader: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
    // Hundreds of replayed paths: seconds on a busy two-core machine, never a timing assertion.
  }, 30_000);

  it('opens a book the first time on page 1, then turns to page 2 and remembers it', async () => {
    const harness = await openedAt(FIRST_OPENING);
    expect(selectReaderView(harness.snapshot)).toMatchObject({
      status: 'reading',
      page: 1,
      pageCount: PAGES,
    });
    expect(saved(harness)).toEqual([]);
    await harness.send({ type: 'reader.next' });
    expect(selectReaderView(harness.snapshot)).toMatchObject({ page: 2, canPrevious: true, canNext: true });
    expect(saved(harness)).toEqual([{ bookId: BOOK_ID, page: 2 }]);
  });

  it('reopens at the saved page, and at the last page when the saved one no longer exists', async () => {
    expect(selectReaderView((await openedAt(SAVED_AT_PAGE_2)).snapshot)).toMatchObject({ page: 2 });
    expect(selectReaderView((await openedAt(SAVED_BEYOND_END)).snapshot)).toMatchObject({ page: PAGES });
  });

  it('stops at the first and the last page and ignores pages the book does not have', async () => {
    const harness = await openedAt(FIRST_OPENING);
    await harness.send({ type: 'reader.previous' });
    await harness.send({ type: 'reader.goTo', page: 0 });
    await harness.send({ type: 'reader.goTo', page: PAGES + 1 });
    expect(selectReaderView(harness.snapshot)).toMatchObject({ page: 1, canPrevious: false });
    await harness.send({ type: 'reader.goTo', page: PAGES });
    await harness.send({ type: 'reader.next' });
    expect(selectReaderView(harness.snapshot)).toMatchObject({ page: PAGES, canNext: false });
    expect(saved(harness)).toEqual([{ bookId: BOOK_ID, page: PAGES }]);
  });

  it('zooms in steps between its bounds without changing the page', async () => {
    const harness = await openedAt(SAVED_AT_PAGE_2);
    for (let i = 0; i < 20; i++) await harness.send({ type: 'reader.zoomIn' });
    expect(selectReaderView(harness.snapshot)).toMatchObject({ zoom: ZOOM.max, canZoomIn: false, page: 2 });
    for (let i = 0; i < 20; i++) await harness.send({ type: 'reader.zoomOut' });
    expect(selectReaderView(harness.snapshot)).toMatchObject({ zoom: ZOOM.min, canZoomOut: false, page: 2 });
  });

  it('opens fitted to the width, and one tap fits a zoomed page to the width again', async () => {
    const harness = await openedAt(SAVED_AT_PAGE_2);
    expect(selectReaderView(harness.snapshot)).toMatchObject({ zoom: 1, isZoomed: false });
    await harness.send({ type: 'reader.zoomIn' });
    await harness.send({ type: 'reader.zoomIn' });
    expect(selectReaderView(harness.snapshot)).toMatchObject({ zoom: 1.5, isZoomed: true });
    await harness.send({ type: 'reader.zoomFit' });
    expect(selectReaderView(harness.snapshot)).toMatchObject({ zoom: 1, isZoomed: false, page: 2 });
    await harness.send({ type: 'reader.zoomOut' });
    await harness.send({ type: 'reader.zoomFit' });
    expect(selectReaderView(harness.snapshot)).toMatchObject({ zoom: 1, isZoomed: false });
    expect(saved(harness)).toEqual([]);
  });

  it('shows the translated failure and opens again on retry, at the page saved meanwhile', async () => {
    const harness = createBookReaderHarness({ bookId: BOOK_ID });
    harness.start();
    await harness.reject('openBook', OPEN_ERROR);
    expect(selectReaderView(harness.snapshot)).toEqual({ status: 'failed', error: OPEN_ERROR.message });
    await harness.send({ type: 'reader.retry' });
    await harness.resolve('openBook', SAVED_AT_PAGE_2);
    expect(selectReaderView(harness.snapshot)).toMatchObject({ status: 'reading', page: 2 });
    await harness.send({ type: 'reader.renderFailed', error: RENDER_ERROR });
    expect(selectReaderView(harness.snapshot)).toEqual({ status: 'failed', error: RENDER_ERROR });
    expect(harness.fakes.callsOf('openBook')).toHaveLength(2);
  });
});
