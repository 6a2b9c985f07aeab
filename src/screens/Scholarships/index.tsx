import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { Scholarship, StudyLevel } from '../../../contract/content';
import { useAppActors } from '../../app/actors-context';
import { useContentStores } from '../../app/content-stores';
import { useResource } from '../../app/use-resource';
import { textIn } from '../../rules/text-in';
import { ContentCard } from '../../ui/ContentCard';
import { DateText } from '../../ui/DateText';
import { FilteredEmptyState, FilterSelect, ResourceView } from '../../ui/ListScreen';
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
        <FilterSelect
          label={t('scholarships.level')}
          name="level"
          value={level}
          allLabel={t('scholarships.allLevels')}
          options={LEVELS}
          optionLabel={(item) => t(`scholarships.levels.${item}`)}
          onChange={(value) => navigate(scholarshipsHref(value, country), { replace: true })}
        />
        <FilterSelect
          label={t('scholarships.country')}
          name="country"
          value={country}
          allLabel={t('scholarships.allCountries')}
          options={countries}
          optionLabel={countryLabel}
          onChange={(value) => navigate(scholarshipsHref(level, value), { replace: true })}
        />
      </div>
      {list.data?.offline ? <p className="offline-note">{t('scholarships.offlineSaved')}</p> : null}
      <ResourceView
        resource={list}
        loadingLabel={t('scholarships.loading')}
        empty={
          shown.length === 0 ? (
            <FilteredEmptyState
              title={t('scholarships.emptyTitle')}
              filtered={level !== '' || country !== ''}
              messages={{
                filtered: t('scholarships.emptyFiltered'),
                unfiltered: t('scholarships.emptyMessage'),
              }}
              clear={{ href: '/scholarships?', label: t('scholarships.clearFilters') }}
            />
          ) : null
        }
      >
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
                    {textIn(item.provider, lang)} · {t('scholarships.deadline')}{' '}
                    <DateText iso={item.deadline} />
                  </>
                }
                description={item.amount[lang]}
                badges={<CountdownBadge deadline={item.deadline} now={now()} />}
              />
            </li>
          ))}
        </ul>
      </ResourceView>
    </main>
  );
}
