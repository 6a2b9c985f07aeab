import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { LoadOutcome } from './OfflineStates';
import { LoadFailure, SavedCopyNote } from './OfflineStates';
import { EmptyState, Skeleton } from './States';

// The parts every list screen shares (docs/product.md §8): its filters, its loading, error and empty states (built
// from States.tsx's), and the line that tells screen readers what a tap did. A module of their own, one
// chunk: the landing screen uses only the skeleton and the error of States.tsx, and its first download
// does not carry these.

/** What a screen loads (useResource's answer, or anything shaped like it). */
export interface LoadState extends LoadOutcome {
  loading: boolean;
}

/**
 * A loaded screen's states (docs/product.md §8): the skeleton while it loads, the error with Retry when it
 * failed (offline: what still works, issue 18), the empty state when there is nothing to show, else its
 * content, under the date of the device's copy when that is what it shows.
 */
export function ResourceView({
  resource,
  loadingLabel,
  rows = 4,
  empty,
  placeholder,
  children,
}: {
  resource: LoadState;
  loadingLabel: string;
  rows?: number;
  /** The empty state, given only when there is nothing to show. */
  empty?: ReactNode;
  /** Shown while loading instead of the skeleton (the list the page drew before the app's code ran). */
  placeholder?: ReactNode;
  children: ReactNode;
}) {
  if (resource.loading) return placeholder ?? <Skeleton label={loadingLabel} rows={rows} />;
  if (resource.error !== null) return <LoadFailure resource={resource} />;
  return (
    <>
      <SavedCopyNote resource={resource} />
      {empty ? empty : children}
    </>
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

/** The choice of a list filter: one of `options`, or '' for all of them (offered first). */
export function FilterSelect({
  label,
  name,
  value,
  allLabel,
  options,
  optionLabel = (option) => option,
  optionLanguage,
  onChange,
  className,
}: {
  /** Already translated, like `allLabel`. */
  label: string;
  /** The query or payload field it sets. */
  name: string;
  value: string;
  allLabel: string;
  options: readonly string[];
  /** What a value is called on screen, when not the value itself (a translated level, a country name). */
  optionLabel?: (option: string) => string;
  /** The language an option is written in, when it is a name kept in its own language (a course's). */
  optionLanguage?: (option: string) => string | undefined;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <label className={className}>
      <span>{label}</span>
      <select className="input" name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option} lang={optionLanguage?.(option)}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A line only screen readers hear, read out each time it changes ("Mathematics added to your cart"). */
export function ScreenReaderStatus({ message }: { message: string }) {
  return (
    <p className="visually-hidden" role="status">
      {message}
    </p>
  );
}
