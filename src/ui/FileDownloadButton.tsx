import { useTranslation } from 'react-i18next';
import type { DownloadView } from '../../machines/fileDownload';
import { formatBytes } from '../rules/format-bytes';
import {
  ActionThenCancel,
  BusyDownload,
  CancelButton,
  DownloadFailed,
  DownloadKept,
  OfferDownload,
} from './DownloadParts';
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
      return <OfferDownload onRequest={onRequest} />;
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
          <ActionThenCancel label={t('offline.confirmDownload')} onClick={onConfirm} onCancel={onCancel} />
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
          <CancelButton onCancel={onCancel} />
        </div>
      );
    }
    case 'failed':
      return <DownloadFailed text={t('offline.failed')} onRetry={onRetry} onCancel={onCancel} />;
    case 'downloaded':
      return (
        <DownloadKept text={t('offline.downloaded', { size: size(view.sizeBytes) })} onRemove={onRemove} />
      );
    case 'removing':
      return <BusyDownload label={t('offline.removing')} />;
  }
}
