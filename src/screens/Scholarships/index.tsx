import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useAppActors } from '../../app/actors-context';
import { useContentStores } from '../../app/content-stores';
import { useResource } from '../../app/use-resource';
import type { Scholarship, StudyLevel } from '../../services/api/types';
import { ContentCard } from '../../ui/ContentCard';
import { DateText } from '../../ui/DateText';
import { EmptyState, ErrorState, Skeleton } from '../../ui/States';
import { CountdownBadge } from './CountdownBadge';
import { byNearestDeadline, countryName } from './deadline';
import '../../ui/content-card.css';

const LEVELS: readonly StudyLevel[] = ['secondary', 'bachelor', 'master', 'phd'];

/** The list, or the saved copies when the server cannot be reached. */
interface ScholarshipList {
  items: Scholarship[];
  offline: boolean;
}

const scholarshipsHref = (level: string, country: string) => {
  const query = new URLSearchParams();
  if (level) query.set('level', level);
  if (country) query.set('country', country);
  // Always with a `?`: the hash router keeps the current query when an address has none.
  return `/scholarships?${query.toString()}`;
};

/** Route `scholarships`: nearest deadline first, filtered by study level and country, with a countdown. */
export default function Scholarships() {
  const { t, i18n } = useTranslation();
  const { now } = useAppActors();
  const { savedScholarships } = useContentStores();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const level = query.get('level') ?? '';
  const country = query.get('country') ?? '';
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const list = useResource(async (api): Promise<ScholarshipList> => {
    try {
      return { items: await api.fetchScholarships(), offline: false };
    } catch (error) {
      const saved = await savedScholarships.allDetails();
      if (saved.length > 0) return { items: saved, offline: true };
      throw error;
    }
  });

  const all = list.data?.items ?? [];
  const countries = [...new Set(all.map((item) => item.country))].sort((a, b) =>
    (countryName(a, lang) ?? '~').localeCompare(countryName(b, lang) ?? '~', lang),
  );
  const shown = byNearestDeadline(
    all.filter(
      (item) =>
        (!level || item.levels.includes(level as StudyLevel)) && (!country || item.country === country),
    ),
    now(),
  );
  const countryLabel = (code: string) => countryName(code, lang) ?? t('scholarships.countryInternational');

  return (
    <main className="page scholarships" id="main">
      <h1>{t('routes.scholarships')}</h1>
      <p className="hint">{t('scholarships.intro')}</p>
      <div className="filters">
        <label>
          <span>{t('scholarships.level')}</span>
          <select
            className="input"
            name="level"
            value={level}
            onChange={(event) => navigate(scholarshipsHref(event.target.value, country), { replace: true })}
          >
            <option value="">{t('scholarships.allLevels')}</option>
            {LEVELS.map((item) => (
              <option key={item} value={item}>
                {t(`scholarships.levels.${item}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('scholarships.country')}</span>
          <select
            className="input"
            name="country"
            value={country}
            onChange={(event) => navigate(scholarshipsHref(level, event.target.value), { replace: true })}
          >
            <option value="">{t('scholarships.allCountries')}</option>
            {countries.map((code) => (
              <option key={code} value={code}>
                {countryLabel(code)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.data?.offline ? <p className="offline-note">{t('scholarships.offlineSaved')}</p> : null}
      {list.loading ? (
        <Skeleton label={t('scholarships.loading')} rows={4} />
      ) : list.error ? (
        <ErrorState message={list.error} retryLabel={t('common.retry')} onRetry={list.retry} />
      ) : shown.length === 0 ? (
        <EmptyState
          title={t('scholarships.emptyTitle')}
          message={t(level || country ? 'scholarships.emptyFiltered' : 'scholarships.emptyMessage')}
          action={
            level || country ? (
              <Link href="/scholarships?" className="btn btn--secondary">
                {t('scholarships.clearFilters')}
              </Link>
            ) : undefined
          }
        />
      ) : (
        <ul className="content-list" aria-label={t('routes.scholarships')}>
          {shown.map((item) => (
            <li key={item._id}>
              <ContentCard
                id={item._id}
                title={item.title[lang]}
                href={`/scholarship-details/${encodeURIComponent(item._id)}`}
                eyebrow={`${countryLabel(item.country)} · ${item.levels.map((l) => t(`scholarships.levels.${l}`)).join(', ')}`}
                meta={
                  <>
                    {item.provider} · {t('scholarships.deadline')} <DateText iso={item.deadline} />
                  </>
                }
                description={item.amount[lang]}
                badges={<CountdownBadge deadline={item.deadline} now={now()} />}
              />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
