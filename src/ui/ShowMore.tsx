import { ErrorState } from './States';
import './show-more.css';

interface ShowMoreProps {
  /** "12 of 40 … shown", already translated. */
  shownText: string;
  hasMore: boolean;
  loading: boolean;
  /** The next page's failure, already translated; the items shown stay. */
  error: string | null;
  moreLabel: string;
  loadingLabel: string;
  retryLabel: string;
  onMore: () => void;
  onRetry: () => void;
}

/** The foot of a paged list: how much is shown, and the next page on demand (never downloaded unasked). */
export function ShowMore(props: ShowMoreProps) {
  return (
    <div className="show-more">
      <p className="hint">{props.shownText}</p>
      {props.error ? (
        <ErrorState message={props.error} retryLabel={props.retryLabel} onRetry={props.onRetry} />
      ) : props.hasMore ? (
        <button
          type="button"
          className="btn btn--secondary btn--block"
          disabled={props.loading}
          onClick={props.onMore}
        >
          {props.loading ? props.loadingLabel : props.moreLabel}
        </button>
      ) : null}
    </div>
  );
}
