import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_PRICE_PER_GB } from '../../app/data-price';
import type { OfflineInventory, OfflineVideo, PartialDownload } from '../../app/use-offline-inventory';
import { useOfflineInventory } from '../../app/use-offline-inventory';
import { formatBytes } from '../../rules/format-bytes';
import { DateText } from '../../ui/DateText';
import { EmptyState, ErrorState, Skeleton } from '../../ui/States';
import { useVideoTexts } from '../../ui/video-texts';
import { OfflineBooks } from './OfflineBooks';
import { StoredItem } from './StoredItem';
import './cache-manager.css';

/** Route `cache-manager`: the videos downloaded for offline study, their sizes, the storage used; delete. */
export default function CacheManager() {
  const { t, i18n } = useTranslation();
  const offlineVideos = useOfflineInventory();
  const { inventory } = offlineVideos;
  const [busy, setBusy] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  const size = (bytes: number) => formatBytes(bytes, i18n.language);

  const run = async (change: () => Promise<void>) => {
    setBusy(true);
    try {
      await change();
    } finally {
      setBusy(false);
      setConfirmAll(false);
      inventory.reload();
    }
  };

  const data = inventory.data;
  const total = data?.videos.reduce((sum, video) => sum + video.sizeBytes, 0) ?? 0;

  return (
    <main className="page cache-manager" id="main">
      <h1>{t('routes.cache-manager')}</h1>
      {!offlineVideos.isSupported ? <p>{t('offline.notSupported')}</p> : null}
      {inventory.error ? (
        <ErrorState message={inventory.error} retryLabel={t('common.retry')} onRetry={inventory.retry} />
      ) : null}
      {!data && !inventory.error ? <Skeleton label={t('app.loading')} rows={3} /> : null}
      {data ? (
        <>
          <StorageSummary inventory={data} total={total} size={size} />
          {data.videos.length === 0 && data.partial.length === 0 ? (
            <EmptyState title={t('offline.emptyTitle')} message={t('offline.emptyMessage')} />
          ) : (
            <>
              <ul className="cache-manager__list">
                {data.videos.map((video) => (
                  <StoredVideo
                    key={video.key}
                    video={video}
                    size={size}
                    busy={busy}
                    onDelete={() => void run(() => offlineVideos.remove(video.key))}
                  />
                ))}
                {data.partial.map((download) => (
                  <UnfinishedDownload
                    key={download.key}
                    download={download}
                    size={size}
                    busy={busy}
                    onDelete={() => void run(() => offlineVideos.remove(download.key))}
                  />
                ))}
              </ul>
              <DeleteAll
                confirming={confirmAll}
                busy={busy}
                message={t('offline.deleteAllConfirm', { count: data.videos.length, size: size(total) })}
                onAsk={() => setConfirmAll(true)}
                onCancel={() => setConfirmAll(false)}
                onConfirm={() => void run(() => offlineVideos.removeAll())}
              />
            </>
          )}
        </>
      ) : null}
      <OfflineBooks />
    </main>
  );
}

type Size = (bytes: number) => string;

/** What the downloads take, and how much of the device's storage is used (when the browser says). */
function StorageSummary({
  inventory,
  total,
  size,
}: {
  inventory: OfflineInventory;
  total: number;
  size: Size;
}) {
  const { t } = useTranslation();
  const { estimate } = inventory;
  return (
    <section className="cache-manager__storage" aria-label={t('offline.storageTitle')}>
      <p>{t('offline.downloadsTotal', { count: inventory.videos.length, size: size(total) })}</p>
      {estimate ? (
        <>
          <progress
            className="cache-manager__meter"
            max={Math.max(1, estimate.quotaBytes)}
            value={estimate.usageBytes}
            aria-label={t('offline.storageTitle')}
          />
          <p className="hint">
            {t('offline.storageUsed', { used: size(estimate.usageBytes), quota: size(estimate.quotaBytes) })}
          </p>
        </>
      ) : null}
    </section>
  );
}

interface ItemProps {
  size: Size;
  busy: boolean;
  onDelete: () => void;
}

function StoredVideo({ video, size, busy, onDelete }: ItemProps & { video: OfflineVideo }) {
  const { t } = useTranslation();
  const texts = useVideoTexts(DATA_PRICE_PER_GB);
  return (
    <StoredItem
      title={video.title}
      details={
        <>
          {video.subjectTitle} · {video.quality ? `${texts.quality(video.quality)} · ` : ''}
          {size(video.sizeBytes)} · <DateText iso={new Date(video.downloadedAt).toISOString()} />
        </>
      }
      deleteLabel={t('offline.deleteOneLabel', { title: video.title })}
      busy={busy}
      onDelete={onDelete}
    />
  );
}

/** A download started and not finished: what arrived of it, out of how much when known. */
function UnfinishedDownload({ download, size, busy, onDelete }: ItemProps & { download: PartialDownload }) {
  const { t } = useTranslation();
  const texts = useVideoTexts(DATA_PRICE_PER_GB);
  const quality = texts.quality(download.quality);
  const received = size(download.receivedBytes);
  return (
    <StoredItem
      title={download.title}
      details={
        <>
          {download.subjectTitle} ·{' '}
          {download.totalBytes
            ? t('video.cache.partial', { quality, received, total: size(download.totalBytes) })
            : t('video.cache.partialUnknown', { quality, received })}
        </>
      }
      deleteLabel={t('video.cache.deletePartialLabel', { title: download.title })}
      busy={busy}
      onDelete={onDelete}
    />
  );
}

interface DeleteAllProps {
  /** The student asked to delete everything: the question and its answers show instead of the button. */
  confirming: boolean;
  busy: boolean;
  message: string;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}

function DeleteAll({ confirming, busy, message, onAsk, onCancel, onConfirm }: DeleteAllProps) {
  const { t } = useTranslation();
  if (!confirming) {
    return (
      <button type="button" className="btn btn--danger" disabled={busy} onClick={onAsk}>
        {t('offline.deleteAll')}
      </button>
    );
  }
  return (
    <div className="cache-manager__confirm" role="alertdialog" aria-label={t('offline.deleteAll')}>
      <p>{message}</p>
      <button type="button" className="btn btn--danger" disabled={busy} onClick={onConfirm}>
        {t('offline.deleteAll')}
      </button>
      <button type="button" className="btn btn--secondary" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
