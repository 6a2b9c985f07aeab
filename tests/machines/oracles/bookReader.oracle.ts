import { expect } from 'vitest';
import type { bookReaderMachine, OpenBookOutput } from '../../../machines/bookReader';
import { selectReaderView } from '../../../machines/bookReader';
import type { Oracle } from '../modelHarness';
import { CallLog, paramsOf } from './observe';

// Issue 8 "Books", written again without the machine: the book opens in the app at the page the student last
// read (page 1 the first time), with page navigation and zoom; every page turned to is remembered for the
// next opening; a page that cannot be drawn, or a book that cannot be opened, shows the translated error and
// Retry opens it again. Zoom goes by quarter steps from the page fitted to the screen, between 0.75× and 3×
// (the reader's documented bounds), and never turns a page; "fit" (issue 18) brings the page back to the
// screen's width (1×) from any zoom.

const ZOOM = { min: 0.75, max: 3, step: 0.25 };

export const bookReaderOracle: Oracle<typeof bookReaderMachine> = (input) => {
  let status: 'opening' | 'reading' | 'failed' = 'opening';
  let page = 1;
  let pageCount = 0;
  let zoom = 1;
  let error = '';
  const calls = new CallLog();

  return (harness, { event, effects }) => {
    const opens = calls.newCalls(harness.fakes, 'openBook').map((call) => call.input);
    const before = page;
    const reading = status === 'reading';
    switch (event.type) {
      case 'reader.next':
        if (reading && page < pageCount) page += 1;
        break;
      case 'reader.previous':
        if (reading && page > 1) page -= 1;
        break;
      case 'reader.goTo': {
        const wanted = event.page as number;
        if (reading && Number.isInteger(wanted) && wanted >= 1 && wanted <= pageCount) page = wanted;
        break;
      }
      case 'reader.zoomIn':
        if (reading) zoom = Math.min(ZOOM.max, zoom + ZOOM.step);
        break;
      case 'reader.zoomOut':
        if (reading) zoom = Math.max(ZOOM.min, zoom - ZOOM.step);
        break;
      case 'reader.zoomFit':
        if (reading) zoom = 1;
        break;
      case 'reader.renderFailed':
        if (reading) [status, error] = ['failed', event.error as string];
        break;
      case 'reader.retry':
        if (status === 'failed') status = 'opening';
        break;
      default:
        if (event.type.startsWith('xstate.done.actor.')) {
          const opened = (event as { output?: OpenBookOutput }).output;
          if (!opened) throw new Error('an opening without an answer');
          pageCount = opened.pageCount;
          const last = opened.lastPage;
          page = last !== null && Number.isInteger(last) && last >= 1 ? Math.min(last, pageCount) : 1;
          status = 'reading';
        } else if (event.type.startsWith('xstate.error.actor.')) {
          const thrown = (event as { error?: unknown }).error;
          [status, error] = ['failed', thrown instanceof Error ? thrown.message : String(thrown)];
        }
    }
    const opensNow = event.type === 'xstate.init' || (event.type === 'reader.retry' && status === 'opening');
    expect(opens, `the book opened on ${event.type}`).toEqual(opensNow ? [{ bookId: input.bookId }] : []);
    const turned = reading && status === 'reading' && page !== before;
    expect(paramsOf(effects, 'savePage'), `the page remembered on ${event.type}`).toEqual(
      turned ? [{ bookId: input.bookId, page }] : [],
    );
    const view = selectReaderView(harness.snapshot);
    if (status === 'reading') {
      expect(view).toEqual({
        status,
        page,
        pageCount,
        zoom,
        canPrevious: page > 1,
        canNext: page < pageCount,
        canZoomIn: zoom < ZOOM.max,
        canZoomOut: zoom > ZOOM.min,
        isZoomed: zoom !== 1,
      });
    } else if (status === 'failed') expect(view).toEqual({ status, error });
    else expect(view).toEqual({ status });
  };
};
