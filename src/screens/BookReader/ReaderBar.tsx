import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookReaderEvent, ReaderView } from '../../../machines/bookReader';

type Reading = Extract<ReaderView, { status: 'reading' }>;

const Chevron = ({ to }: { to: 'previous' | 'next' }) => (
  <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor">
    <path
      d={to === 'previous' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * The reader's controls, one bar a phone's width: previous and next page around the page number (a field:
 * type another and Enter, or leave it, to go there), then zoom out, the zoom (a tap fits the page to the
 * width again) and zoom in. Pinching zooms the screen too.
 */
export function ReaderBar({ view, send }: { view: Reading; send: (event: BookReaderEvent) => void }) {
  const { t } = useTranslation();
  // What the student is typing in the page field; null shows the page on screen.
  const [typed, setTyped] = useState<string | null>(null);
  const goToTyped = () => {
    if (typed === null) return;
    const page = Number(typed.trim());
    if (typed.trim() !== '' && Number.isInteger(page)) send({ type: 'reader.goTo', page });
    setTyped(null);
  };

  return (
    <fieldset className="reader__bar">
      <legend className="visually-hidden">{t('reader.controls')}</legend>
      <button
        type="button"
        className="reader__tool"
        aria-label={t('reader.previous')}
        disabled={!view.canPrevious}
        onClick={() => send({ type: 'reader.previous' })}
      >
        <Chevron to="previous" />
      </button>
      <form
        className="reader__goto"
        onSubmit={(event) => {
          event.preventDefault();
          goToTyped();
        }}
      >
        <input
          className="reader__page"
          type="text"
          inputMode="numeric"
          enterKeyHint="go"
          autoComplete="off"
          aria-label={t('reader.goToLabel', { count: view.pageCount })}
          value={typed ?? String(view.page)}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
          onBlur={goToTyped}
        />
        <span className="reader__count" aria-hidden="true">
          / {view.pageCount}
        </span>
      </form>
      <button
        type="button"
        className="reader__tool"
        aria-label={t('reader.next')}
        disabled={!view.canNext}
        onClick={() => send({ type: 'reader.next' })}
      >
        <Chevron to="next" />
      </button>
      <span className="reader__zoom">
        <button
          type="button"
          className="reader__tool"
          aria-label={t('reader.zoomOut')}
          disabled={!view.canZoomOut}
          onClick={() => send({ type: 'reader.zoomOut' })}
        >
          −
        </button>
        <button
          type="button"
          className="reader__tool reader__fit"
          aria-label={t('reader.fitWidth', { percent: Math.round(view.zoom * 100) })}
          disabled={!view.isZoomed}
          onClick={() => send({ type: 'reader.zoomFit' })}
        >
          {t('reader.zoomValue', { percent: Math.round(view.zoom * 100) })}
        </button>
        <button
          type="button"
          className="reader__tool"
          aria-label={t('reader.zoomIn')}
          disabled={!view.canZoomIn}
          onClick={() => send({ type: 'reader.zoomIn' })}
        >
          +
        </button>
      </span>
    </fieldset>
  );
}
