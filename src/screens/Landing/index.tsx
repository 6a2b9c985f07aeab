import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Subject } from '../../../contract/catalogue';
import { useShellView } from '../../app/actors-context';
import { useResource } from '../../app/use-resource';
import { formatFcfa } from '../../rules/money';
import { ErrorState, Skeleton } from '../../ui/States';
import type { SectionInfo } from '../SectionVideos/sections';
import { catalogueHref, SECTIONS } from '../SectionVideos/sections';
import './landing.css';
import { isFree } from '../../../contract/rules/prices';

const FEATURED_PER_SECTION = 3;

/** The first screen: what StudyCam is, the five sections with a taste of their subjects, how buying works. */
export default function Landing() {
  const { t } = useTranslation();
  // The shell's view, not the session actor: the landing hydrates before the actors' code arrives (issue 12).
  const isLoggedIn = useShellView((view) => view.isLoggedIn);
  const subjects = useResource((api) => api.fetchSubjects());

  return (
    <main id="main" className="landing">
      <section className="landing__hero">
        <div className="landing__hero-inner">
          <p className="landing__eyebrow">{t('landing.eyebrow')}</p>
          <h1>{t('routes.landing')}</h1>
          <p className="landing__lead">{t('landing.lead')}</p>
          <div className="landing__cta">
            {isLoggedIn ? (
              <>
                <Link href="/study-sections" className="btn landing__btn-primary">
                  {t('landing.goToSubjects')}
                </Link>
                <Link href={catalogueHref()} className="btn btn--secondary">
                  {t('landing.browse')}
                </Link>
              </>
            ) : (
              <>
                <Link href="/register" className="btn landing__btn-primary">
                  {t('landing.signUp')}
                </Link>
                <Link href="/login-with-username" className="btn btn--secondary">
                  {t('landing.logIn')}
                </Link>
              </>
            )}
          </div>
        </div>
      </section>

      <section className="page landing__sections" aria-labelledby="landing-sections">
        <h2 id="landing-sections">{t('landing.sectionsTitle')}</h2>
        <ul className="landing__section-grid">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <SectionCard
                section={section}
                subjects={subjects.data?.filter((subject) => subject.section === section.id) ?? null}
                loading={subjects.loading}
              />
            </li>
          ))}
        </ul>
        {subjects.error ? (
          <ErrorState message={subjects.error} retryLabel={t('common.retry')} onRetry={subjects.retry} />
        ) : null}
      </section>

      <section className="page landing__how" aria-labelledby="landing-how">
        <h2 id="landing-how">{t('landing.howTitle')}</h2>
        <ol className="landing__steps">
          {(['choose', 'pay', 'study'] as const).map((step, index) => (
            <li key={step} className="landing__step">
              <span className="landing__step-number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3>{t(`landing.steps.${step}.title`)}</h3>
                <p>{t(`landing.steps.${step}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
        {isLoggedIn ? null : (
          <Link href="/register" className="btn btn--block landing__final-cta">
            {t('landing.startNow')}
          </Link>
        )}
      </section>
    </main>
  );
}

function SectionCard({
  section,
  subjects,
  loading,
}: {
  section: SectionInfo;
  subjects: Subject[] | null;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const paidPrices = (subjects ?? []).map((subject) => subject.price).filter((price) => !isFree(price));
  const featured = (subjects ?? []).slice(0, FEATURED_PER_SECTION);
  const priceText =
    subjects === null || subjects.length === 0
      ? null
      : paidPrices.length === 0
        ? t('catalogue.free')
        : t('landing.priceFrom', { price: formatFcfa(Math.min(...paidPrices), i18n.language) });
  return (
    <article
      className={`landing-section landing-section--${section.id}`}
      aria-labelledby={`ls-${section.id}`}
    >
      <h3 id={`ls-${section.id}`}>{t(`sections.${section.id}.title`)}</h3>
      <p className="landing-section__summary">{t(`sections.${section.id}.summary`)}</p>
      {/* The slot keeps the featured list's height while it loads: the page does not jump when it arrives. */}
      <div className="landing-section__featured-slot">
        {loading ? (
          <Skeleton label={t('catalogue.loading')} rows={1} />
        ) : featured.length > 0 ? (
          <ul className="landing-section__featured" aria-label={t('landing.featured')}>
            {featured.map((subject) => (
              <li key={subject._id}>
                <img
                  src={subject.pictureurl}
                  srcSet={subject.pictureSrcset}
                  sizes="40px"
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                />
                <span>{subject.subjectTitle}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="landing-section__footer">
        {priceText ? <span className="landing-section__price">{priceText}</span> : <span />}
        <Link href={catalogueHref(section.id)} className="btn btn--secondary">
          {t('landing.explore')}
        </Link>
      </div>
    </article>
  );
}
