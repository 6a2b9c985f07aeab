import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Scholarship } from '../../../contract/content';
import { useAppActors } from '../../app/actors-context';
import { useContentStores } from '../../app/content-stores';
import type { RouteParams } from '../../app/route-params';
import { useExternalLink } from '../../app/use-external-link';
import { useResource } from '../../app/use-resource';
import { useSavedScholarship } from '../../app/use-saved-scholarship';
import { capitalised } from '../../rules/capitalised';
import { textIn } from '../../rules/text-in';
import { LoadFailure, SavedCopyNote } from '../../ui/OfflineStates';
import { SavedNote } from '../../ui/SavedNote';
import { Skeleton } from '../../ui/States';
import { CountdownBadge } from '../Scholarships/CountdownBadge';
import { countryName } from '../Scholarships/deadline';
import '../../ui/content-card.css';
import '../../ui/badge.css';

const fullDate = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'fr' ? 'fr-CM' : 'en-CM', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Douala',
  }).format(Date.parse(iso));

/** Route `scholarship-details/:id`: the whole scholarship, its deadline, Apply (outside the app) and Save. */
export default function ScholarshipDetails({ params }: { params: RouteParams }) {
  const { t, i18n } = useTranslation();
  const { now } = useAppActors();
  const { savedScholarships } = useContentStores();
  const id = params.id ?? '';
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const openOutside = useExternalLink();
  const saved = useSavedScholarship(id);
  const details = useResource(
    async (api, scholarshipId: string): Promise<{ item: Scholarship; offline: boolean }> => {
      try {
        return { item: await api.fetchScholarship(scholarshipId), offline: false };
      } catch (error) {
        const copy = await savedScholarships.details(scholarshipId);
        if (copy) return { item: copy, offline: true };
        throw error;
      }
    },
    id,
  );
  const item = details.data?.item;

  return (
    <main className="page article scholarship" id="main">
      <Link href="/scholarships" className="back-link">
        {t('scholarships.backToList')}
      </Link>
      {details.loading ? <Skeleton label={t('scholarships.loading')} rows={5} /> : null}
      <LoadFailure resource={details} />
      {item ? (
        <>
          <h1>{item.title[lang]}</h1>
          {details.data?.offline && saved.saved ? <SavedNote savedAt={saved.saved.savedAt} /> : null}
          <SavedCopyNote resource={details} />
          <p className="article__meta">
            {textIn(item.provider, lang)} ·{' '}
            {countryName(item.country, lang) ?? t('scholarships.countryInternational')} ·{' '}
            {item.levels.map((level) => t(`scholarships.levels.${level}`)).join(', ')}
          </p>
          <p>
            <CountdownBadge deadline={item.deadline} now={now()} />
          </p>
          <section aria-labelledby="scholarship-deadline">
            <h2 id="scholarship-deadline">{t('scholarships.deadlineHeading')}</h2>
            <p>
              <time dateTime={item.deadline}>{capitalised(fullDate(item.deadline, lang), lang)}</time>
            </p>
          </section>
          <section aria-labelledby="scholarship-amount">
            <h2 id="scholarship-amount">{t('scholarships.amount')}</h2>
            <p>{item.amount[lang]}</p>
          </section>
          <section aria-labelledby="scholarship-about">
            <h2 id="scholarship-about">{t('scholarships.about')}</h2>
            <p>{item.description[lang]}</p>
          </section>
          <section aria-labelledby="scholarship-eligibility">
            <h2 id="scholarship-eligibility">{t('scholarships.eligibility')}</h2>
            <p>{item.eligibility[lang]}</p>
          </section>
          <div className="content-card__actions">
            <a
              className="btn"
              href={item.link}
              target="_blank"
              rel="noopener noreferrer"
              onClick={openOutside}
            >
              {t('scholarships.apply')}
            </a>
            {saved.saved ? (
              <button
                type="button"
                className="btn btn--secondary"
                disabled={saved.busy}
                onClick={saved.remove}
              >
                {t('scholarships.unsave')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn--secondary"
                disabled={saved.busy}
                onClick={() => void saved.save(item)}
              >
                {t('scholarships.save')}
              </button>
            )}
          </div>
          <p className="hint" role="status">
            {saved.error ?? (saved.saved ? t('scholarships.savedHint') : '')}
          </p>
        </>
      ) : null}
    </main>
  );
}
