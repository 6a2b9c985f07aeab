import { useTranslation } from 'react-i18next';
import './download-button.css';

// The pieces the two download controls (DownloadButton for a lesson's video, FileDownloadButton for a
// book) show alike: the offer, Cancel, a failure with Retry, what is kept, and a step under way.

export function OfferDownload({ onRequest }: { onRequest: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="download">
      <button type="button" className="btn btn--secondary" onClick={onRequest}>
        {t('offline.download')}
      </button>
    </div>
  );
}

export function CancelButton({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn--secondary" onClick={onCancel}>
      {t('common.cancel')}
    </button>
  );
}

interface ActionProps {
  label: string;
  onClick: () => void;
  /** A step aside (pause) rather than the way forward (download, resume, retry). */
  secondary?: boolean;
  onCancel: () => void;
}

/** The control's buttons: its one action, then Cancel. */
export function ActionThenCancel({ label, onClick, secondary = false, onCancel }: ActionProps) {
  return (
    <div className="download__actions">
      <button type="button" className={secondary ? 'btn btn--secondary' : 'btn'} onClick={onClick}>
        {label}
      </button>
      <CancelButton onCancel={onCancel} />
    </div>
  );
}

/** A download that failed: why, Retry, and Cancel to forget it. */
export function DownloadFailed({
  text,
  onRetry,
  onCancel,
}: {
  text: string;
  onRetry: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="download" role="alert">
      <span className="download__text">{text}</span>
      <ActionThenCancel label={t('common.retry')} onClick={onRetry} onCancel={onCancel} />
    </div>
  );
}

/** What the device keeps (with its size), and the way to remove it. */
export function DownloadKept({ text, onRemove }: { text: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="download">
      <span className="download__text download__text--done">{text}</span>
      <button type="button" className="btn btn--secondary" onClick={onRemove}>
        {t('offline.remove')}
      </button>
    </div>
  );
}

/** A step under way (measuring, cancelling, removing): said to screen readers, nothing to press meanwhile. */
export function BusyDownload({ label }: { label: string }) {
  return (
    <div className="download" role="status" aria-live="polite">
      <button type="button" className="btn btn--secondary" disabled>
        {label}
      </button>
    </div>
  );
}
