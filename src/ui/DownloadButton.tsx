import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadView } from '../../machines/videoDownloadView';
import type { Quality } from '../../machines/videoQuality';
import {
  ActionThenCancel,
  BusyDownload,
  CancelButton,
  DownloadFailed,
  DownloadKept,
  OfferDownload,
} from './DownloadParts';
import { useVideoTexts } from './video-texts';
import './download-button.css';

export interface DownloadButtonProps {
  view: DownloadView;
  wifiOnly: boolean;
  pricePerGb: number;
  onRequest: () => void;
  onChoose: (quality: Quality) => void;
  onConfirm: () => void;
  onCancel: () => void;
  onPause: () => void;
  onResume: () => void;
  onRetry: () => void;
  onRemove: () => void;
  onWifiOnly: (on: boolean) => void;
}

/**
 * Download for offline (issues 5 and 11): the renditions with their sizes and costs before a byte is spent,
 * the Wi-Fi only setting, progress that survives a lost connection, pause and resume, then what is stored.
 */
export function DownloadButton(props: DownloadButtonProps) {
  const { t } = useTranslation();
  const texts = useVideoTexts(props.pricePerGb);
  const { view } = props;
  const wifiOnly = <WifiOnlySetting checked={props.wifiOnly} onChange={props.onWifiOnly} />;

  switch (view.status) {
    case 'unavailable':
    case 'checking':
      return null;
    case 'available':
      return <OfferDownload onRequest={props.onRequest} />;
    case 'choosing':
      return <ChooseRendition {...props} view={view} texts={texts} wifiOnly={wifiOnly} />;
    case 'waitingForWifi':
      return (
        <section className="download download--confirm" aria-label={t('video.download.title')}>
          <p className="download__text" role="status">
            {t('video.download.waitingForWifi', {
              quality: texts.quality(view.quality),
              size: view.totalBytes ? texts.size(view.totalBytes) : t('offline.unknownSize'),
            })}
          </p>
          {wifiOnly}
          <div className="download__actions">
            <CancelButton onCancel={props.onCancel} />
          </div>
        </section>
      );
    case 'downloading':
      return <DownloadProgress view={view} texts={texts} onPause={props.onPause} onCancel={props.onCancel} />;
    case 'interrupted':
    case 'paused':
      return (
        <div className="download" role="status" aria-live="polite">
          <span className="download__text">
            {t(view.status === 'paused' ? 'video.download.paused' : 'video.download.interrupted', {
              percent: progressText(texts, view.receivedBytes, view.totalBytes),
            })}
          </span>
          <ActionThenCancel
            label={t('video.download.resume')}
            onClick={props.onResume}
            onCancel={props.onCancel}
          />
        </div>
      );
    case 'failed':
      return (
        <DownloadFailed text={t('video.download.failed')} onRetry={props.onRetry} onCancel={props.onCancel} />
      );
    case 'downloaded':
      return (
        <DownloadKept
          text={t('video.download.downloaded', {
            quality: texts.quality(view.quality),
            size: view.sizeBytes === null ? t('offline.unknownSize') : texts.size(view.sizeBytes),
          })}
          onRemove={props.onRemove}
        />
      );
    case 'discarding':
    case 'removing':
      return (
        <BusyDownload
          label={view.status === 'removing' ? t('offline.removing') : t('video.download.cancelling')}
        />
      );
  }
}

type VideoTexts = ReturnType<typeof useVideoTexts>;

/** How far a download is: a percentage when its size is known, else the bytes received. */
const progressText = (texts: VideoTexts, received: number, total: number | null) =>
  total ? texts.percent(received, total) : texts.size(received);

function WifiOnlySetting({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className="download__setting">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      {t('video.download.wifiOnly')}
    </label>
  );
}

interface ChooseProps {
  view: Extract<DownloadView, { status: 'choosing' }>;
  texts: VideoTexts;
  wifiOnly: ReactNode;
  onChoose: (quality: Quality) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The renditions with their sizes and costs before a byte is spent, and a warning on a metered connection. */
function ChooseRendition({ view, texts, wifiOnly, onChoose, onConfirm, onCancel }: ChooseProps) {
  const { t } = useTranslation();
  return (
    <section className="download download--confirm" aria-label={t('video.download.title')}>
      <fieldset className="download__choices">
        <legend className="download__text">{t('video.download.choose')}</legend>
        {view.renditions.map((rendition) => (
          <label key={rendition.quality} className="download__choice">
            <input
              type="radio"
              name="download-quality"
              checked={rendition.quality === view.quality}
              onChange={() => onChoose(rendition.quality)}
            />
            {rendition.sizeBytes > 0
              ? t('video.download.option', {
                  quality: texts.quality(rendition.quality),
                  size: texts.size(rendition.sizeBytes),
                  cost: texts.cost(rendition.sizeBytes),
                })
              : t('video.download.optionUnknown', { quality: texts.quality(rendition.quality) })}
          </label>
        ))}
      </fieldset>
      {view.metered ? (
        <p className="download__warning" role="alert">
          {t('video.download.metered')}
        </p>
      ) : null}
      {wifiOnly}
      <ActionThenCancel label={t('offline.confirmDownload')} onClick={onConfirm} onCancel={onCancel} />
    </section>
  );
}

interface ProgressProps {
  view: Extract<DownloadView, { receivedBytes: number }>;
  texts: VideoTexts;
  onPause: () => void;
  onCancel: () => void;
}

function DownloadProgress({ view, texts, onPause, onCancel }: ProgressProps) {
  const { t } = useTranslation();
  return (
    <div className="download" role="status" aria-live="polite">
      <progress
        className="download__progress"
        max={100}
        {...(view.totalBytes ? { value: Math.round((view.receivedBytes / view.totalBytes) * 100) } : {})}
        aria-label={t('offline.downloading')}
      />
      <span className="download__text">
        {view.totalBytes
          ? t('video.download.downloading', {
              quality: texts.quality(view.quality),
              percent: progressText(texts, view.receivedBytes, view.totalBytes),
            })
          : t('video.download.downloadingBytes', {
              quality: texts.quality(view.quality),
              size: texts.size(view.receivedBytes),
            })}
      </span>
      <ActionThenCancel label={t('video.download.pause')} onClick={onPause} secondary onCancel={onCancel} />
    </div>
  );
}
