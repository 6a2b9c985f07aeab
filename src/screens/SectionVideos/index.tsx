import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { RouteParams } from '../../app/routes';
import { useResource } from '../../app/use-machines';
import type { Subject, Video } from '../../services/api/types';
import { PriceTag } from '../../ui/PriceTag';
import { EmptyState, ErrorState, Skeleton } from '../../ui/States';
import { VideoList } from '../../ui/VideoList';
import { InCartNote } from '../Home/InCartNote';
import { useAddToCart } from '../Home/use-add-to-cart';
import { groupVideos, type SubjectGroup, topicHref } from './group-videos';
import { catalogueHref, sectionById, sectionByVideoRoute } from './sections';
import '../../ui/video-card.css';
import './section-videos.css';
import '../../ui/badge.css';

interface SectionVideosData {
  videos: Video[];
  subjects: Subject[];
}

/** The five video pages: one section's lessons grouped by subject, then topic. */
export default function SectionVideos({ titleKey }: { params: RouteParams; titleKey: string }) {
  const { t } = useTranslation();
  const section = sectionByVideoRoute(titleKey);
  const resource = useResource<SectionVideosData, string>(async (api, sectionId) => {
    const current = sectionById(sectionId);
    const [videos, subjects] = await Promise.all([
      current.listed
        ? api.fetchVideos(current.listed)
        : api.fetchVideos().then((all) => all.filter((video) => video.section === current.id)),
      // Prices only decorate locked subjects; the lessons still show if the catalogue can't be read.
      api.fetchSubjects().catch((): Subject[] => []),
    ]);
    return { videos, subjects };
  }, section.id);
  const [subjectFilter, setSubjectFilter] = useState('');
  const groups = groupVideos(resource.data?.videos ?? []);
  const shown = subjectFilter ? groups.filter((group) => group.subjectId === subjectFilter) : groups;
  const cartActions = useAddToCart();

  return (
    <main className="page section-videos" id="main">
      <h1>{t(`routes.${titleKey}`)}</h1>
      <p className="hint">{t(`sections.${section.id}.summary`)}</p>
      <p className="visually-hidden" role="status">
        {cartActions.announcement}
      </p>
      {resource.loading ? (
        <Skeleton label={t('study.videosLoading')} rows={5} />
      ) : resource.error ? (
        <ErrorState message={resource.error} retryLabel={t('common.retry')} onRetry={resource.retry} />
      ) : groups.length === 0 ? (
        <EmptyState
          title={t('study.noVideosTitle')}
          message={t('study.noVideosMessage')}
          action={
            <Link href={catalogueHref(section.id)} className="btn btn--secondary">
              {t('study.browse')}
            </Link>
          }
        />
      ) : (
        <>
          {groups.length > 1 ? (
            <label className="section-videos__filter">
              <span>{t('study.subject')}</span>
              <select
                className="input"
                name="subject"
                value={subjectFilter}
                onChange={(event) => setSubjectFilter(event.target.value)}
              >
                <option value="">{t('study.allSubjects')}</option>
                {groups.map((group) => (
                  <option key={group.subjectId} value={group.subjectId}>
                    {group.subjectTitle}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {shown.map((group) => (
            <SubjectVideos
              key={group.subjectId}
              group={group}
              subject={resource.data?.subjects.find((subject) => subject._id === group.subjectId)}
              inCart={cartActions.amountInCart(group.subjectId)}
              onAdd={cartActions.add}
              onOpenCart={cartActions.openCart}
            />
          ))}
        </>
      )}
    </main>
  );
}

interface SubjectVideosProps {
  group: SubjectGroup;
  subject: Subject | undefined;
  inCart: number;
  onAdd: (subject: Subject) => void;
  onOpenCart: () => void;
}

function SubjectVideos({ group, subject, inCart, onAdd, onOpenCart }: SubjectVideosProps) {
  const { t } = useTranslation();
  const headingId = `videos-${group.subjectId}`;
  const count = group.topics.reduce((sum, topic) => sum + topic.videos.length, 0);
  return (
    <section className="subject-videos" aria-labelledby={headingId}>
      <header className="subject-videos__header">
        <h2 id={headingId}>{group.subjectTitle}</h2>
        <p className="subject-videos__meta">
          {t('study.videoCount', { count })} · {t('study.topicCount', { count: group.topics.length })}
        </p>
        {group.locked ? (
          <div className="subject-videos__buy">
            <span className="badge badge--warning">{t('study.lockedHint')}</span>
            {subject && subject.price > 0 ? (
              <>
                <PriceTag amount={subject.price} className="subject-videos__price" />
                <button type="button" className="btn" onClick={() => onAdd(subject)}>
                  {t('catalogue.addToCart')}
                </button>
                <InCartNote amount={inCart} onOpenCart={onOpenCart} />
              </>
            ) : null}
          </div>
        ) : (
          <span className="badge badge--success">{t('study.unlocked')}</span>
        )}
      </header>
      {group.topics.map((topic) => (
        <div key={topic.subsection} className="topic">
          <h3 className="topic__title">
            <Link href={topicHref(group.subjectTitle, topic.subsection)}>{topic.subsection}</Link>
            <span className="topic__count">{t('study.videoCount', { count: topic.videos.length })}</span>
          </h3>
          <VideoList videos={topic.videos} />
        </div>
      ))}
    </section>
  );
}
