import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Subject } from '../../../contract/catalogue';
import type { Section } from '../../../contract/common';
import type { SubjectLessonCount, Video } from '../../../contract/videos';
import type { AppApi } from '../../app/create-app-actors';
import type { RouteParams } from '../../app/route-params';
import { useResource } from '../../app/use-resource';
import { readPages } from '../../rules/read-pages';
import { FilterSelect, ScreenReaderStatus } from '../../ui/ListScreen';
import { LoadFailure, SavedCopyNote } from '../../ui/OfflineStates';
import { PriceTag } from '../../ui/PriceTag';
import { ShowMore } from '../../ui/ShowMore';
import { EmptyState, Skeleton } from '../../ui/States';
import { VideoList } from '../../ui/VideoList';
import { InCartNote } from '../Home/InCartNote';
import { useAddToCart } from '../Home/use-add-to-cart';
import type { SubjectGroup } from './group-videos';
import { groupVideos, topicHref } from './group-videos';
import { catalogueHref, sectionByVideoRoute } from './sections';
import '../../ui/video-card.css';
import './section-videos.css';
import '../../ui/badge.css';
import { isFree } from '../../../contract/rules/prices';

interface SectionVideosData {
  videos: Video[];
  /** Lessons matching the filter, loaded or not. */
  total: number;
  hasMore: boolean;
  subjects: Subject[];
  /** Each subject's lessons and topics under the filter, loaded or not (the first page's counts). */
  counts: SubjectLessonCount[];
}

interface SectionVideosParams {
  sectionId: Section;
  /** '' for every subject of the section. */
  subjectTitle: string;
  /** Pages asked for so far: "more" adds one. */
  pages: number;
}

/**
 * The lessons of the first `pages` pages (issue 12: the server filters and pages, the screen asks for what
 * it shows).
 */
async function loadSectionVideos(api: AppApi, params: SectionVideosParams): Promise<SectionVideosData> {
  const filter = {
    section: params.sectionId,
    ...(params.subjectTitle ? { subjectTitle: params.subjectTitle } : {}),
  };
  // Prices and the subject choice only decorate the list: the lessons still show without the catalogue.
  const subjects = api.fetchSubjects().catch((): Subject[] => []);
  const read = await readPages(
    params.pages,
    (cursor) => api.fetchVideoPage(cursor === undefined ? filter : { ...filter, cursor }),
    (page) => page.videos,
  );
  return {
    videos: read.items,
    total: read.total,
    hasMore: read.hasMore,
    subjects: await subjects,
    counts: read.first.subjects ?? [],
  };
}

/** The five video pages: one section's lessons grouped by subject, then topic, a page at a time. */
export default function SectionVideos({ titleKey }: { params: RouteParams; titleKey: string }) {
  const { t } = useTranslation();
  const section = sectionByVideoRoute(titleKey);
  const [subjectFilter, setSubjectFilter] = useState('');
  const [pages, setPages] = useState(1);
  const resource = useResource<SectionVideosData, SectionVideosParams>(
    loadSectionVideos,
    { sectionId: section.id, subjectTitle: subjectFilter, pages },
    { keep: 'section-videos' },
  );
  const data = resource.data;
  const groups = groupVideos(data?.videos ?? []);
  // The filter sends the title (unique on the server).
  const subjectChoices = (data?.subjects ?? [])
    .filter((subject) => subject.section === section.id)
    .map((subject) => subject.subjectTitle);
  const cartActions = useAddToCart();
  const chooseSubject = (subjectTitle: string) => {
    setSubjectFilter(subjectTitle);
    setPages(1);
  };

  return (
    <main className="page section-videos" id="main">
      <h1>{t(`routes.${titleKey}`)}</h1>
      <p className="hint">{t(`sections.${section.id}.summary`)}</p>
      <ScreenReaderStatus message={cartActions.announcement} />
      {subjectChoices.length > 1 ? (
        <FilterSelect
          className="section-videos__filter"
          label={t('study.subject')}
          name="subject"
          value={subjectFilter}
          allLabel={t('study.allSubjects')}
          options={subjectChoices}
          onChange={chooseSubject}
        />
      ) : null}
      {data === null || (resource.loading && pages === 1) ? (
        resource.error !== null ? (
          <LoadFailure resource={resource} />
        ) : (
          <Skeleton label={t('study.videosLoading')} rows={5} />
        )
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
          <SavedCopyNote resource={resource} />
          {groups.map((group) => (
            <SubjectVideos
              key={group.subjectId}
              group={group}
              subject={data.subjects.find((subject) => subject._id === group.subjectId)}
              counted={data.counts.find((count) => count.subjectId === group.subjectId)}
              inCart={cartActions.amountInCart(group.subjectId)}
              onAdd={cartActions.add}
              onOpenCart={cartActions.openCart}
            />
          ))}
          <ShowMore
            shownText={t('paging.shown', { shown: data.videos.length, total: data.total })}
            hasMore={data.hasMore}
            loading={resource.loading}
            error={resource.error}
            moreLabel={t('paging.moreLessons')}
            loadingLabel={t('paging.loadingMore')}
            retryLabel={t('common.retry')}
            onMore={() => setPages((count) => count + 1)}
            onRetry={resource.retry}
          />
        </>
      )}
    </main>
  );
}

interface SubjectVideosProps {
  group: SubjectGroup;
  subject: Subject | undefined;
  /** The subject's lessons and topics under the filter; the loaded ones are counted when absent. */
  counted: SubjectLessonCount | undefined;
  inCart: number;
  onAdd: (subject: Subject) => void;
  onOpenCart: () => void;
}

function SubjectVideos({ group, subject, counted, inCart, onAdd, onOpenCart }: SubjectVideosProps) {
  const { t } = useTranslation();
  const headingId = `videos-${group.subjectId}`;
  // The subject's counts, not the loaded page's (defect 10): a page holds a dozen lessons of a longer list.
  const count = counted?.lessons ?? group.topics.reduce((sum, topic) => sum + topic.videos.length, 0);
  const topicCount = counted?.topics.length ?? group.topics.length;
  const lessonsIn = (topic: SubjectGroup['topics'][number]) =>
    counted?.topics.find((entry) => entry.subsection === topic.subsection)?.lessons ?? topic.videos.length;
  return (
    <section className="subject-videos" aria-labelledby={headingId}>
      <header className="subject-videos__header">
        <h2 id={headingId}>{group.subjectTitle}</h2>
        <p className="subject-videos__meta">
          {t('study.videoCount', { count })} · {t('study.topicCount', { count: topicCount })}
        </p>
        {group.locked ? (
          <div className="subject-videos__buy">
            <span className="badge badge--warning">{t('study.lockedHint')}</span>
            {subject && !isFree(subject.price) ? (
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
            <span className="topic__count">{t('study.videoCount', { count: lessonsIn(topic) })}</span>
          </h3>
          <VideoList videos={topic.videos} />
        </div>
      ))}
    </section>
  );
}
