import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDuration } from './duration';
import { videoPlayerHref } from './player-href';
import './video-card.css';

interface VideoCardProps {
  id: string;
  title: string;
  thumbnailUrl: string;
  /** Sizes of the thumbnail (`srcset`): the phone picks the one for its pixel density. */
  thumbnailSrcset?: string | undefined;
  durationSeconds: number;
  views: number;
  locked: boolean;
}

/** A lesson in a list: thumbnail with its duration, title, views, and a lock when the subject is unpaid. */
export function VideoCard({
  id,
  title,
  thumbnailUrl,
  thumbnailSrcset,
  durationSeconds,
  views,
  locked,
}: VideoCardProps) {
  const { t } = useTranslation();
  const duration = formatDuration(durationSeconds);
  return (
    <Link href={videoPlayerHref(id)} className={locked ? 'video-card video-card--locked' : 'video-card'}>
      {/* The title comes first in the DOM so the link is announced by it; CSS puts the thumbnail first. */}
      <span className="video-card__text">
        <span className="video-card__title">{title}</span>
        <span className="video-card__meta">
          <span className="visually-hidden">{t('study.duration', { time: duration })}</span>
          {locked ? <span className="visually-hidden">{t('study.locked')}</span> : null}
          {t('study.views', { count: views })}
        </span>
      </span>
      <span className="video-card__thumb" aria-hidden="true">
        <img
          src={thumbnailUrl}
          srcSet={thumbnailSrcset}
          sizes="128px"
          alt=""
          width={160}
          height={90}
          loading="lazy"
        />
        <span className="video-card__duration">{duration}</span>
        {locked ? (
          <span className="video-card__lock">
            <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="currentColor">
              <path d="M6 10V8a6 6 0 1 1 12 0v2h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1h1Zm2 0h8V8a4 4 0 1 0-8 0v2Z" />
            </svg>
            {t('study.locked')}
          </span>
        ) : null}
      </span>
    </Link>
  );
}
