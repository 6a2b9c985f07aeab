import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useHappenings } from '../../app/use-reading-list';
import { DateText } from '../../ui/DateText';
import { ErrorState, Skeleton } from '../../ui/States';
import { newsHref } from '../News/news-href';
import './happenings-strip.css';

/** The latest happenings of the platform, under the catalogue; the rest on the news screen. */
export function HappeningsStrip() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const happenings = useHappenings();
  const latest = (happenings.data ?? []).slice(0, 3);
  return (
    <section className="happenings-strip" aria-labelledby="happenings-strip-title">
      <div className="happenings-strip__head">
        <h2 id="happenings-strip-title">{t('news.happenings')}</h2>
        <Link href={newsHref('happenings')} className="link-target">
          {t('news.allHappenings')}
        </Link>
      </div>
      {happenings.loading ? <Skeleton label={t('news.loading')} rows={2} /> : null}
      {happenings.error ? (
        <ErrorState message={happenings.error} retryLabel={t('common.retry')} onRetry={happenings.retry} />
      ) : null}
      {!happenings.loading && !happenings.error && latest.length === 0 ? (
        <p className="hint">{t('news.emptyMessage')}</p>
      ) : null}
      {latest.length > 0 ? (
        <ul className="happenings-strip__list">
          {latest.map(({ item }) => (
            <li key={item._id}>
              <Link href={newsHref('happenings', item._id)} className="happenings-strip__item">
                <img src={item.imageUrl} alt="" width={48} height={48} loading="lazy" />
                <span>
                  <strong>{item.title[lang]}</strong>
                  <DateText iso={item.date} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
