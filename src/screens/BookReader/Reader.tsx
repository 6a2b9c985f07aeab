import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReadableBook, useBookReader } from '../../app/use-book-reader';
import { ErrorState, Skeleton } from '../../ui/States';

/** The PDF itself: page navigation, zoom, the page drawn to the screen's width. */
export function Reader({ book }: { book: ReadableBook }) {
  const { t } = useTranslation();
  const { view, send, draw } = useBookReader(book);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [pageInput, setPageInput] = useState('');

  const page = view.status === 'reading' ? view.page : 0;
  const zoom = view.status === 'reading' ? view.zoom : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawing again is wanted exactly when the page or the zoom change
  useEffect(() => {
    if (view.status !== 'reading' || !canvas.current || !frame.current) return;
    void draw(canvas.current, frame.current.clientWidth);
  }, [view.status, page, zoom]);

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

  const goTo = () => {
    const target = Number(pageInput);
    if (Number.isInteger(target)) send({ type: 'reader.goTo', page: target });
    setPageInput('');
  };

  return (
    <section className="reader" aria-label={t('reader.label')}>
      <div className="reader__toolbar">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={!view.canPrevious}
          onClick={() => send({ type: 'reader.previous' })}
        >
          {t('reader.previous')}
        </button>
        <p className="reader__position" aria-live="polite">
          {t('reader.pageOf', { page: view.page, count: view.pageCount })}
        </p>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={!view.canNext}
          onClick={() => send({ type: 'reader.next' })}
        >
          {t('reader.next')}
        </button>
      </div>
      <div className="reader__toolbar reader__toolbar--secondary">
        <form
          className="reader__goto"
          onSubmit={(event) => {
            event.preventDefault();
            goTo();
          }}
        >
          <label>
            <span className="visually-hidden">{t('reader.goToLabel', { count: view.pageCount })}</span>
            <input
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              max={view.pageCount}
              value={pageInput}
              placeholder={String(view.page)}
              onChange={(event) => setPageInput(event.target.value)}
            />
          </label>
          <button type="submit" className="btn btn--secondary">
            {t('reader.goTo')}
          </button>
        </form>
        <div className="reader__zoom">
          <button
            type="button"
            className="btn btn--secondary"
            aria-label={t('reader.zoomOut')}
            disabled={!view.canZoomOut}
            onClick={() => send({ type: 'reader.zoomOut' })}
          >
            −
          </button>
          <span className="reader__zoom-value">
            {t('reader.zoomValue', { percent: Math.round(view.zoom * 100) })}
          </span>
          <button
            type="button"
            className="btn btn--secondary"
            aria-label={t('reader.zoomIn')}
            disabled={!view.canZoomIn}
            onClick={() => send({ type: 'reader.zoomIn' })}
          >
            +
          </button>
        </div>
      </div>
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
