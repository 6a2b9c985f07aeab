import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDateTime } from './DateText';
import { ErrorState } from './States';
import './offline-states.css';

// Issue 18: every screen that reads from the network has an offline state, the last copy it saw with its
// date, or a clear "you are offline" with what still works; never only "Network error".

/** What these states read of a screen's load (useResource's answer, or anything shaped like it). */
export interface LoadOutcome {
  /** The failed load's text (docs/product.md §8's for status 0 when offline); null unless it failed. */
  error: string | null;
  /** The failure, or the copy shown, is for want of a connection. */
  offline?: boolean;
  /** The data shown is the device's copy saved then (ISO 8601). */
  savedAt?: string | null;
  /** The server is being asked again while the copy shows. */
  checking?: boolean;
  /** Why a copy stands in when it is not the connection (the server's error). */
  copyError?: string | null;
  retry: () => void;
}

/** What works without a connection, each a link to it. */
const STILL_WORKS = [
  { key: 'videos', href: '/cache-manager' },
  { key: 'books', href: '/cache-manager' },
  { key: 'news', href: '/news' },
  { key: 'planner', href: '/schedule' },
] as const;

/**
 * "You are offline": what needs the connection (`message`), docs/product.md §8's network line, what still works
 * without one, and Retry.
 */
export function OfflineState({
  title,
  message,
  onRetry,
}: {
  /** Already translated; "You are offline" by default. */
  title?: string;
  /** What needs the connection, already translated; docs/product.md §8's network line by default. */
  message?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="offline-state" role="alert" aria-labelledby={headingId}>
      <h2 id={headingId}>{title ?? t('offline.youAreOffline')}</h2>
      <p>{message ?? t('errors.network')}</p>
      <p className="offline-state__lead">{t('offline.stillWorks')}</p>
      <ul className="offline-state__list">
        {STILL_WORKS.map((item) => (
          <li key={item.key}>
            <Link href={item.href}>{t(`offline.still.${item.key}`)}</Link>
          </li>
        ))}
      </ul>
      {onRetry ? (
        <button type="button" className="btn btn--secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </section>
  );
}

/** A failed load: offline, what still works; otherwise the error and Retry. */
export function LoadFailure({ resource }: { resource: LoadOutcome }) {
  const { t } = useTranslation();
  if (resource.error === null) return null;
  if (resource.offline) return <OfflineState onRetry={resource.retry} />;
  return <ErrorState message={resource.error} retryLabel={t('common.retry')} onRetry={resource.retry} />;
}

/** Over data that is the device's copy: why (offline, or the server's error), its date, and Retry. */
export function SavedCopyNote({ resource }: { resource: LoadOutcome }) {
  const { t, i18n } = useTranslation();
  const savedAt = resource.savedAt ?? null;
  if (savedAt === null) return null;
  const why = resource.offline ? t('offline.youAreOffline') : (resource.copyError ?? resource.error);
  return (
    <div className="saved-copy" role="status">
      <p>
        {why ? <strong className="saved-copy__why">{why}</strong> : null}
        {t('offline.copySaved', { date: formatDateTime(savedAt, i18n.language) })}
      </p>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={resource.retry}
        disabled={resource.checking}
      >
        {resource.checking ? t('offline.checking') : t('common.retry')}
      </button>
    </div>
  );
}
