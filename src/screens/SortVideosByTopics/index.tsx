import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Subject } from '../../../contract/catalogue';
import type { FilteredVideosPayload, Video } from '../../../contract/videos';
import type { RouteParams } from '../../app/route-params';
import { useResource } from '../../app/use-resource';
import { ResourceView, ScreenReaderStatus } from '../../ui/ListScreen';
import { PriceTag } from '../../ui/PriceTag';
import { EmptyState } from '../../ui/States';
import { VideoList } from '../../ui/VideoList';
import { InCartNote } from '../Home/InCartNote';
import { useAddToCart } from '../Home/use-add-to-cart';
import { decodeParam } from '../SectionVideos/group-videos';
import { catalogueHref, sectionById } from '../SectionVideos/sections';
import '../../ui/video-card.css';
import '../SectionVideos/section-videos.css';
import '../../ui/badge.css';
import { isFree } from '../../../contract/rules/prices';

interface TopicData {
  videos: Video[];
  subject: Subject | undefined;
}

/** sort-videos-by-topics/{subjectTitle}/{subsection}: the lessons of one topic of one subject. */
export default function SortVideosByTopics({ params }: { params: RouteParams; titleKey: string }) {
  const { t } = useTranslation();
  const filter: FilteredVideosPayload = {
    subjectTitle: decodeParam(params.subjectTitle),
    subsection: decodeParam(params.subsection),
  };
  const resource = useResource<TopicData, FilteredVideosPayload>(
    async (api, payload) => {
      const [videos, subjects] = await Promise.all([
        api.filteredVideos(payload),
        api.fetchSubjects().catch((): Subject[] => []),
      ]);
      return { videos, subject: subjects.find((subject) => subject.subjectTitle === payload.subjectTitle) };
    },
    filter,
    { keep: 'topic-videos' },
  );
  const cartActions = useAddToCart();
  const videos = resource.data?.videos ?? [];
  const subject = resource.data?.subject;
  const section = sectionById(subject?.section ?? videos[0]?.section);
  const locked = videos.some((video) => video.locked);

  return (
    <main className="page section-videos" id="main">
      <Link href={`/${section.videoRoute}`} className="back-link">
        {t('study.backToSection', { section: t(`sections.${section.id}.title`) })}
      </Link>
      <h1>
        {t('routes.sort-videos-by-topics', {
          subjectTitle: filter.subjectTitle,
          subsection: filter.subsection,
        })}
      </h1>
      <ScreenReaderStatus message={cartActions.announcement} />
      <ResourceView
        resource={resource}
        loadingLabel={t('study.videosLoading')}
        empty={
          videos.length === 0 ? (
            <EmptyState
              title={t('study.noTopicVideosTitle')}
              message={t('study.noTopicVideosMessage')}
              action={
                <Link href={`/${section.videoRoute}`} className="btn btn--secondary">
                  {t('study.allTopics')}
                </Link>
              }
            />
          ) : null
        }
      >
        <section className="subject-videos" aria-label={filter.subsection}>
          <header className="subject-videos__header">
            <p className="subject-videos__meta">{t('study.videoCount', { count: videos.length })}</p>
            {locked ? (
              <div className="subject-videos__buy">
                <span className="badge badge--warning">{t('study.lockedHint')}</span>
                {subject && !isFree(subject.price) ? (
                  <>
                    <PriceTag amount={subject.price} className="subject-videos__price" />
                    <button type="button" className="btn" onClick={() => cartActions.add(subject)}>
                      {t('catalogue.addToCart')}
                    </button>
                    <InCartNote
                      amount={cartActions.amountInCart(subject._id)}
                      onOpenCart={cartActions.openCart}
                    />
                  </>
                ) : (
                  <Link href={catalogueHref(section.id)}>{t('study.browse')}</Link>
                )}
              </div>
            ) : null}
          </header>
          <VideoList videos={videos} />
        </section>
      </ResourceView>
    </main>
  );
}
