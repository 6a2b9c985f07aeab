import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import './states.css';

/** Grey blocks in the shape of what is loading, announced once to screen readers. */
export function Skeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className="skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        // The rows are identical placeholders; their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
        <div key={i} className="skeleton__row" aria-hidden="true" />
      ))}
    </div>
  );
}

/** An empty list says what to do next, with the action to do it. */
export function EmptyState({
  title,
  message,
  action,
}: {
  title: string;
  message: string;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      <p>{message}</p>
      {action}
    </div>
  );
}

interface LinkTo {
  href: string;
  /** Already translated. */
  label: string;
}

/**
 * An empty list that its filters may have emptied: then it says so and offers to clear them; without
 * filters it says the list is empty and offers `otherwise`, if given.
 */
export function FilteredEmptyState({
  title,
  filtered,
  messages,
  clear,
  otherwise,
}: {
  title: string;
  filtered: boolean;
  messages: { filtered: string; unfiltered: string };
  clear: LinkTo;
  otherwise?: LinkTo;
}) {
  const next = filtered ? clear : otherwise;
  return (
    <EmptyState
      title={title}
      message={filtered ? messages.filtered : messages.unfiltered}
      action={
        next ? (
          <Link href={next.href} className="btn btn--secondary">
            {next.label}
          </Link>
        ) : undefined
      }
    />
  );
}

/** A failed load: the translated reason and a retry button. */
export function ErrorState({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div className="error-state" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}

/** What a screen loads (useResource's answer, or anything shaped like it). */
export interface LoadState {
  loading: boolean;
  /** The failed load's reason, already translated; null unless it failed. */
  error: string | null;
  retry: () => void;
}

/**
 * A loaded screen's states (SPEC.md §8): the skeleton while it loads, the error with Retry when it
 * failed, the empty state when there is nothing to show, else its content.
 */
export function ResourceView({
  resource,
  loadingLabel,
  rows = 4,
  empty,
  children,
}: {
  resource: LoadState;
  loadingLabel: string;
  rows?: number;
  /** The empty state, given only when there is nothing to show. */
  empty?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (resource.loading) return <Skeleton label={loadingLabel} rows={rows} />;
  if (resource.error) {
    return <ErrorState message={resource.error} retryLabel={t('common.retry')} onRetry={resource.retry} />;
  }
  return empty ? empty : children;
}

/** A line only screen readers hear, read out each time it changes ("Mathematics added to your cart"). */
export function ScreenReaderStatus({ message }: { message: string }) {
  return (
    <p className="visually-hidden" role="status">
      {message}
    </p>
  );
}
