import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Language } from '../../../contract/common';
import type { Happening, NewsArticle } from '../../../contract/content';
import { useExternalLink } from '../../app/use-external-link';
import type { Listed } from '../../app/use-reading-list';
import { useRememberRead } from '../../app/use-reading-list';
import { DateText } from '../../ui/DateText';
import { SavedNote } from '../../ui/SavedNote';
import { EmptyState, Skeleton } from '../../ui/States';
import { newsHref } from './news-href';

function Shell({ back, children }: { back: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="page article" id="main">
      <Link href={back} className="back-link">
        {t('news.backToList')}
      </Link>
      {children}
    </main>
  );
}

function NotFound({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  if (loading) return <Skeleton label={t('news.loading')} rows={4} />;
  return <EmptyState title={t('news.goneTitle')} message={t('news.goneMessage')} />;
}

/** A headline read in the app; kept on the device once read from the server. */
export function HeadlineArticle({
  entry,
  lang,
  loading,
}: {
  entry: Listed<NewsArticle> | null;
  lang: Language;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const openOutside = useExternalLink();
  useRememberRead(
    entry && entry.savedAt === null
      ? { kind: 'headline', key: entry.item.id, lang, article: entry.item }
      : null,
  );
  if (!entry)
    return (
      <Shell back={newsHref('headlines')}>
        <NotFound loading={loading} />
      </Shell>
    );
  const { item, savedAt } = entry;
  return (
    <Shell back={newsHref('headlines')}>
      <h1>{item.title}</h1>
      {savedAt ? <SavedNote savedAt={savedAt} /> : null}
      <p className="article__meta">
        {item.source.name} · <DateText iso={item.publishedAt} />
      </p>
      {item.urlToImage ? (
        <img className="article__picture" src={item.urlToImage} alt="" loading="lazy" />
      ) : null}
      {item.description ? <p>{item.description}</p> : null}
      {item.content ? <p>{item.content.replace(/\s*\[\+\d+ chars\]$/, '')}</p> : null}
      {item.url ? (
        <p>
          <a href={item.url} target="_blank" rel="noopener noreferrer" onClick={openOutside}>
            {t('news.readOn', { source: item.source.name })}
          </a>
        </p>
      ) : null}
    </Shell>
  );
}

/** A happening of the platform, read in the app; kept on the device once read from the server. */
export function HappeningArticle({ entry, loading }: { entry: Listed<Happening> | null; loading: boolean }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  useRememberRead(
    entry && entry.savedAt === null
      ? { kind: 'happening', key: entry.item._id, happening: entry.item }
      : null,
  );
  if (!entry)
    return (
      <Shell back={newsHref('happenings')}>
        <NotFound loading={loading} />
      </Shell>
    );
  const { item, savedAt } = entry;
  return (
    <Shell back={newsHref('happenings')}>
      <h1>{item.title[lang]}</h1>
      {savedAt ? <SavedNote savedAt={savedAt} /> : null}
      <p className="article__meta">
        <DateText iso={item.date} />
      </p>
      <img className="article__picture" src={item.imageUrl} alt="" loading="lazy" />
      <p>{item.body[lang]}</p>
    </Shell>
  );
}
