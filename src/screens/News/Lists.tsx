import { useTranslation } from 'react-i18next';
import type { Happening, NewsArticle } from '../../../contract/content';
import type { Listed } from '../../app/use-reading-list';
import { ContentCard } from '../../ui/ContentCard';
import { DateText, formatDate } from '../../ui/DateText';
import type { LoadOutcome } from '../../ui/OfflineStates';
import { LoadFailure, SavedCopyNote } from '../../ui/OfflineStates';
import { EmptyState, Skeleton } from '../../ui/States';
import { newsHref } from './news-href';
import '../../ui/badge.css';

interface ListResource<T> extends LoadOutcome {
  data: Listed<T>[] | null;
  loading: boolean;
}

function OfflineBadge({ savedAt }: { savedAt: string | null }) {
  const { t, i18n } = useTranslation();
  if (!savedAt) return null;
  return (
    <span className="badge badge--warning">
      {t('reading.savedOn', { date: formatDate(savedAt, i18n.language) })}
    </span>
  );
}

function ListState<T>({
  resource,
  loadingLabel,
  children,
}: {
  resource: ListResource<T>;
  loadingLabel: string;
  children: (items: Listed<T>[]) => React.ReactNode;
}) {
  const { t } = useTranslation();
  if (resource.loading) return <Skeleton label={loadingLabel} rows={4} />;
  if (resource.error !== null) return <LoadFailure resource={resource} />;
  const items = resource.data ?? [];
  if (items.length === 0) return <EmptyState title={t('news.emptyTitle')} message={t('news.emptyMessage')} />;
  return (
    <>
      {items.some((entry) => entry.savedAt) ? <p className="offline-note">{t('news.offlineList')}</p> : null}
      <SavedCopyNote resource={resource} />
      {children(items)}
    </>
  );
}

export function HeadlineList({ resource }: { resource: ListResource<NewsArticle> }) {
  const { t } = useTranslation();
  return (
    <ListState resource={resource} loadingLabel={t('news.loading')}>
      {(items) => (
        <ul className="content-list" aria-label={t('news.headlines')}>
          {items.map(({ item, savedAt }) => (
            <li key={item.id}>
              <ContentCard
                id={`headline-${item.id}`}
                title={item.title}
                picture={item.urlToImage}
                href={newsHref('headlines', item.id)}
                eyebrow={item.source.name}
                meta={<DateText iso={item.publishedAt} />}
                description={item.description}
                badges={<OfflineBadge savedAt={savedAt} />}
              />
            </li>
          ))}
        </ul>
      )}
    </ListState>
  );
}

export function HappeningList({ resource }: { resource: ListResource<Happening> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  return (
    <ListState resource={resource} loadingLabel={t('news.loading')}>
      {(items) => (
        <ul className="content-list" aria-label={t('news.happenings')}>
          {items.map(({ item, savedAt }) => (
            <li key={item._id}>
              <ContentCard
                id={`happening-${item._id}`}
                title={item.title[lang]}
                picture={item.imageUrl}
                href={newsHref('happenings', item._id)}
                eyebrow={t('news.fromStudyCam')}
                meta={<DateText iso={item.date} />}
                badges={<OfflineBadge savedAt={savedAt} />}
              />
            </li>
          ))}
        </ul>
      )}
    </ListState>
  );
}
