import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { useHappenings, useHeadlines } from '../../app/use-reading-list';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { useScrollToTop } from '../../ui/use-scroll-to-top';
import { HappeningArticle, HeadlineArticle } from './Article';
import { HappeningList, HeadlineList } from './Lists';
import type { NewsTab } from './news-href';
import { newsHref } from './news-href';
import '../../ui/content-card.css';

/** Route `news`: education headlines and the platform's happenings, each readable in the app and offline once read. */
export default function News() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const tab: NewsTab = query.get('tab') === 'happenings' ? 'happenings' : 'headlines';
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const headlines = useHeadlines(lang);
  const happenings = useHappenings();
  const articleId = query.get('article');
  const happeningId = query.get('happening');
  // An article opens at its top, and the list again at its own.
  useScrollToTop(`${tab}|${articleId ?? ''}|${happeningId ?? ''}`);

  if (tab === 'headlines' && articleId) {
    const found = headlines.data?.find((entry) => entry.item.id === articleId) ?? null;
    return <HeadlineArticle entry={found} lang={lang} loading={headlines.loading} />;
  }
  if (tab === 'happenings' && happeningId) {
    const found = happenings.data?.find((entry) => entry.item._id === happeningId) ?? null;
    return <HappeningArticle entry={found} loading={happenings.loading} />;
  }

  return (
    <main className="page news" id="main">
      <h1>{t('routes.news')}</h1>
      <SegmentedControl
        label={t('news.tabsLabel')}
        segments={[
          { id: 'headlines', label: t('news.headlines') },
          { id: 'happenings', label: t('news.happenings') },
        ]}
        selected={tab}
        onSelect={(id) => navigate(newsHref(id as NewsTab), { replace: true })}
      />
      {tab === 'headlines' ? <HeadlineList resource={headlines} /> : <HappeningList resource={happenings} />}
    </main>
  );
}
