import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadableBook } from '../../app/use-book-reader';
import { useBookReader } from '../../app/use-book-reader';
import { ErrorState, Skeleton } from '../../ui/States';
import { ReaderBar } from './ReaderBar';

/** Wider screens (a tablet, a computer) read the page at most this wide at 100 %, not stretched to the window. */
const MAX_PAGE_WIDTH = 768;

/** The PDF itself: one bar of controls, then the page drawn to the screen's width. */
export function Reader({ book }: { book: ReadableBook }) {
  const { t } = useTranslation();
  const { view, send, draw } = useBookReader(book);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);

  const page = view.status === 'reading' ? view.page : 0;
  const zoom = view.status === 'reading' ? view.zoom : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawing again is wanted exactly when the page or the zoom change
  useEffect(() => {
    if (view.status !== 'reading' || !canvas.current || !frame.current) return;
    void draw(canvas.current, Math.min(frame.current.clientWidth, MAX_PAGE_WIDTH));
  }, [view.status, page, zoom]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a turned page goes back to its left edge
  useEffect(() => {
    frame.current?.scrollTo?.({ left: 0 });
  }, [page]);

  if (view.status === 'opening') return <Skeleton label={t('reader.opening')} rows={6} />;
  if (view.status === 'failed') {
    return (
      <ErrorState
        message={view.error}
        retryLabel={t('common.retry')}
        onRetry={() => send({ type: 'reader.retry' })}
      />
    );
  }

  return (
    <section className="reader" aria-label={t('reader.label')}>
      <ReaderBar view={view} send={send} />
      <p className="visually-hidden" aria-live="polite">
        {t('reader.pageOf', { page: view.page, count: view.pageCount })}
      </p>
      <div className="reader__frame" ref={frame}>
        <canvas
          ref={canvas}
          className="reader__canvas"
          role="img"
          aria-label={t('reader.pageImage', { page: view.page, count: view.pageCount })}
        />
      </div>
    </section>
  );
}
