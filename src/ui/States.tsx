import type { ReactNode } from 'react';
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
