import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ContinueWatching as ContinueAnswer, LessonSummary } from '../../../contract/videos';
import { formatDuration } from '../../ui/duration';
import type { LoadOutcome } from '../../ui/OfflineStates';
import { LoadFailure, SavedCopyNote } from '../../ui/OfflineStates';
import { videoPlayerHref } from '../../ui/player-href';
import { videoTitle } from '../../ui/video-title';
import './continue-watching.css';

interface ContinueWatchingProps {
  /**
   * The load of GET videos/continue (useResource's answer): its data, null while it loads or when it failed;
   * offline, the copy kept on the phone with its date, or the offline state (issue 18).
   */
  resource: LoadOutcome & { data: ContinueAnswer | null; loading: boolean };
}

/**
 * A paying student's home, first: the lesson watched last at its position, and the next one (docs/home.md).
 * Its place is held while it loads, so the catalogue under it does not move when it arrives.
 */
export function ContinueWatching({ resource }: ContinueWatchingProps) {
  const { t } = useTranslation();
  const { data, loading, error } = resource;
  if (loading) {
    return (
      <div className="continue continue--loading" role="status" aria-busy="true">
        <span className="visually-hidden">{t('home.continue.loading')}</span>
        <div className="continue__placeholder" aria-hidden="true" />
        <div className="continue__placeholder" aria-hidden="true" />
      </div>
    );
  }
  if (error !== null) {
    return (
      <div className="continue">
        <LoadFailure resource={resource} />
      </div>
    );
  }
  const resume = data?.resume ?? null;
  const nextUp = data?.nextUp ?? null;
  if (resume === null && nextUp === null) {
    return (
      <>
        <SavedCopyNote resource={resource} />
        <p className="continue continue__none">
          {t('home.continue.none')} <Link href="/study-sections">{t('home.continue.mySubjects')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <SavedCopyNote resource={resource} />
      <ul className="continue continue__list">
        {resume ? (
          <li>
            <LessonLink lesson={resume.lesson} label={t('home.continue.resume')} position={resume.position} />
          </li>
        ) : null}
        {nextUp ? (
          <li>
            <LessonLink
              lesson={nextUp.lesson}
              label={t(nextUp.reason === 'newSubject' ? 'home.continue.newSubject' : 'home.continue.nextUp')}
              position={nextUp.position}
            />
          </li>
        ) : null}
      </ul>
    </>
  );
}

/** One lesson: its picture with how much of it was watched, what it is, and a tap that opens the player. */
function LessonLink({ lesson, label, position }: { lesson: LessonSummary; label: string; position: number }) {
  const { t, i18n } = useTranslation();
  const duration = lesson.durationSeconds;
  const started = position > 0 && duration > 0;
  const share = started ? Math.min(100, Math.round((position / duration) * 100)) : 0;
  return (
    <Link href={videoPlayerHref(lesson._id)} className="continue__item">
      <span className="continue__thumb" aria-hidden="true">
        <img
          src={lesson.thumbnailUrl}
          srcSet={lesson.thumbnailSrcset}
          sizes="112px"
          alt=""
          width={160}
          height={90}
          decoding="async"
        />
        {started ? (
          <span className="continue__bar">
            <span className="continue__bar-done" style={{ width: `${share}%` }} />
          </span>
        ) : null}
      </span>
      <span className="continue__text">
        <span className="continue__label">{label}</span>
        <span className="continue__title">{videoTitle(lesson, i18n.language)}</span>
        <span className="continue__meta">
          {lesson.subjectTitle} · {lesson.subsection}
        </span>
        <span className="continue__meta">
          {started
            ? t('home.continue.stoppedAt', {
                position: formatDuration(position),
                duration: formatDuration(duration),
              })
            : t('study.duration', { time: formatDuration(duration) })}
        </span>
      </span>
    </Link>
  );
}
