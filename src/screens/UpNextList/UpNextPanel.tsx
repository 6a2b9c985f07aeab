import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Video } from '../../../contract/videos';
import { useResource } from '../../app/use-resource';
import { formatDuration } from '../../ui/duration';
import { LoadFailure, SavedCopyNote } from '../../ui/OfflineStates';
import { videoPlayerHref } from '../../ui/player-href';
import { EmptyState, Skeleton } from '../../ui/States';
import './upnext.css';
import { videoTitle } from '../../ui/video-title';

/** The videos that follow `videoId` in its subject, each a link to the player. */
export function UpNextPanel({ videoId, titled = true }: { videoId: string; titled?: boolean }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const resource = useResource(
    (api, params: { videoId: string }) => api.upNextVideos(params),
    { videoId },
    {
      keep: 'upnext',
    },
  );
  const { data, loading, error } = resource;

  let body: ReactNode;
  if (loading) body = <Skeleton label={t('upnext.loading')} rows={3} />;
  else if (error !== null) body = <LoadFailure resource={resource} />;
  else if (!data || data.length === 0) {
    body = (
      <EmptyState
        title={t('upnext.emptyTitle')}
        message={t('upnext.emptyMessage')}
        action={
          <Link href="/study-sections" className="btn btn--secondary">
            {t('upnext.browse')}
          </Link>
        }
      />
    );
  } else {
    body = (
      <>
        <SavedCopyNote resource={resource} />
        <ol className="upnext__list">
          {data.map((video: Video) => (
            <li key={video._id}>
              <Link href={videoPlayerHref(video._id)} className="upnext__item">
                <img
                  className="upnext__thumb"
                  src={video.thumbnailUrl}
                  alt=""
                  width={160}
                  height={90}
                  loading="lazy"
                  decoding="async"
                />
                <span className="upnext__text">
                  <span className="upnext__title">{videoTitle(video, i18n.language)}</span>
                  <span className="upnext__meta">
                    <time dateTime={`PT${Math.round(video.durationSeconds)}S`}>
                      {formatDuration(video.durationSeconds)}
                    </time>{' '}
                    · {video.subsection}
                  </span>
                  {video.locked ? <span className="upnext__badge">{t('upnext.locked')}</span> : null}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </>
    );
  }

  return (
    <section className="upnext" aria-labelledby={headingId}>
      {/* On its own route the page title already says "Up next"; the heading then only names the region. */}
      <h2 id={headingId} className={titled ? 'upnext__heading' : 'visually-hidden'}>
        {t('upnext.title')}
      </h2>
      {body}
    </section>
  );
}
