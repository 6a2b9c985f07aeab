import { useTranslation } from 'react-i18next';
import type { DownloadView } from '../../machines/fileDownload';
import { formatBytes } from '../rules/format-bytes';
import './download-button.css';

export interface FileDownloadButtonProps {
  view: DownloadView;
  /** The size question's dictionary key, with {{size}} ("This book is … Download it?"). */
  confirmKey: string;
  onRequest: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onRetry: () => void;
  onRemove: () => void;
}

/** Keep a file for offline reading: the size before, a warning on mobile data, progress, then 'available offline'. */
export function FileDownloadButton({
  view,
  confirmKey,
  onRequest,
  onConfirm,
  onCancel,
  onRetry,
  onRemove,
}: FileDownloadButtonProps) {
  const { t, i18n } = useTranslation();
  const size = (bytes: number | null) =>
    bytes === null ? t('offline.unknownSize') : formatBytes(bytes, i18n.language);

  switch (view.status) {
    case 'unavailable':
    case 'checking':
      return null;
    case 'available':
      return (
        <div className="download">
          <button type="button" className="btn btn--secondary" onClick={onRequest}>
            {t('offline.download')}
          </button>
        </div>
      );
    case 'planning':
      return <BusyDownload label={t('offline.measuring')} />;
    case 'confirming':
      return (
        <section className="download download--confirm" aria-label={t('offline.download')}>
          <p className="download__text">{t(confirmKey, { size: size(view.sizeBytes) })}</p>
          {view.metered ? (
            <p className="download__warning" role="alert">
              {t('offline.meteredWarning', { size: size(view.sizeBytes) })}
            </p>
          ) : null}
          <div className="download__actions">
            <button type="button" className="btn" onClick={onConfirm}>
              {t('offline.confirmDownload')}
            </button>
            <button type="button" className="btn btn--secondary" onClick={onCancel}>
              {t('common.cancel')}
            </button>
          </div>
        </section>
      );
    case 'downloading': {
      const percent = view.totalBytes
        ? Math.min(100, Math.round((view.receivedBytes / view.totalBytes) * 100))
        : null;
      return (
        <div className="download" role="status" aria-live="polite">
          <progress
            className="download__progress"
            max={100}
            {...(percent === null ? {} : { value: percent })}
            aria-label={t('offline.downloading')}
          />
          <span className="download__text">
            {percent === null
              ? t('offline.downloadingBytes', { size: size(view.receivedBytes) })
              : t('offline.downloadingPercent', { percent })}
          </span>
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        </div>
      );
    }
    case 'failed':
      return (
        <div className="download" role="alert">
          <span className="download__text">{t('offline.failed')}</span>
          <div className="download__actions">
            <button type="button" className="btn" onClick={onRetry}>
              {t('common.retry')}
            </button>
            <button type="button" className="btn btn--secondary" onClick={onCancel}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      );
    case 'downloaded':
      return (
        <div className="download">
          <span className="download__text download__text--done">
            {t('offline.downloaded', { size: size(view.sizeBytes) })}
          </span>
          <button type="button" className="btn btn--secondary" onClick={onRemove}>
            {t('offline.remove')}
          </button>
        </div>
      );
    case 'removing':
      return <BusyDownload label={t('offline.removing')} />;
  }
}

/** A step under way (measuring, removing): said to screen readers, nothing to press meanwhile. */
function BusyDownload({ label }: { label: string }) {
  return (
    <div className="download" role="status" aria-live="polite">
      <button type="button" className="btn btn--secondary" disabled>
        {label}
      </button>
    </div>
  );
}
