import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Subject } from '../../../contract/catalogue';
import type { ContinueWatching as ContinueAnswer } from '../../../contract/videos';
import { selectUser } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import { useResource } from '../../app/use-resource';
import { studentSection } from '../../rules/student-section';
import { accessState, canRenew, mayStudyAny, paidEntryFor, paidSubjectsOf } from '../../rules/subject-access';
import { formatDate } from '../../ui/DateText';
import { FilteredEmptyState, FilterSelect, ResourceView, ScreenReaderStatus } from '../../ui/ListScreen';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { SubjectCard } from '../../ui/SubjectCard';
import { useQuery } from '../LoginWithUsername/use-query';
import { ExpiryNotices } from '../Planner/ExpiryNotices';
import {
  catalogueHref,
  levelsOf,
  otherSchoolSystem,
  requestedOrOwn,
  SECTIONS,
  type SectionInfo,
} from '../SectionVideos/sections';
import { ContinueWatching } from './ContinueWatching';
import { HappeningsStrip } from './HappeningsStrip';
import { InCartNote } from './InCartNote';
import { useAddToCart } from './use-add-to-cart';
import '../../ui/subject-card.css';
import './home.css';
import '../../ui/badge.css';
import { isFree } from '../../../contract/prices';

/**
 * Home (docs/home.md): for a student who may study a paid subject, "Continue" and "Next up" first; then the
 * subject catalogue, one section at a time (the student's own unless the address names one), filtered by
 * level, each subject with its price and cart action.
 */
export default function Home() {
  const { t, i18n } = useTranslation();
  const { session, now } = useAppActors();
  const [, navigate] = useLocation();
  // The query wherever the link put it: a typed or shared `#/home?section=…` keeps it inside the hash.
  const query = new URLSearchParams(useQuery());
  // One cached call for the whole catalogue: switching sections costs no data and works offline.
  const subjects = useResource((api) => api.fetchSubjects(), undefined, { keep: 'subjects' });
  const user = useSelector(session, selectUser);
  const paid = paidSubjectsOf(user);
  const section = requestedOrOwn(query.get('section'), () =>
    studentSection(paid, subjects.data, i18n.language, now()),
  );
  // Only a student with a subject open to them asks where they stopped: one small call, beside the catalogue's.
  const studying = user !== null && mayStudyAny(paid, now());
  const progress = useResource(
    (api, params: { studying: boolean }): Promise<ContinueAnswer | null> =>
      params.studying ? api.fetchContinue() : Promise.resolve(null),
    { studying },
    // Kept on the phone for the account (issue 18): offline, Continue still leads to the last lesson.
    { keep: 'continue' },
  );
  const cartActions = useAddToCart();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';

  const inSection = (subjects.data ?? []).filter((subject) => subject.section === section.id);
  const levels = levelsOf(
    section,
    inSection.map((subject) => subject.level),
  );
  const requestedLevel = query.get('level') ?? '';
  const level = levels.includes(requestedLevel) ? requestedLevel : '';
  const shown = level ? inSection.filter((subject) => subject.level === level) : inSection;

  const actionsFor = (subject: Subject) => {
    const entry = user ? paidEntryFor(paid, subject) : undefined;
    const state = entry ? accessState(entry.expiresAt, now()) : null;
    const inCart = cartActions.amountInCart(subject._id);
    const addLabel = state && canRenew(state) ? t('catalogue.renew') : t('catalogue.addToCart');
    const study =
      entry && state !== 'expired' ? (
        <Link href={`/${section.videoRoute}`} className="btn btn--secondary">
          {t('catalogue.study')}
        </Link>
      ) : null;
    if (isFree(subject.price)) {
      return (
        <Link href={user ? `/${section.videoRoute}` : '/register'} className="btn btn--secondary">
          {user ? t('catalogue.watchFree') : t('catalogue.signUpToWatch')}
        </Link>
      );
    }
    return (
      <>
        {study}
        {!entry || (state && canRenew(state)) ? (
          <button type="button" className="btn" onClick={() => cartActions.add(subject)}>
            {addLabel}
          </button>
        ) : null}
        <InCartNote amount={inCart} onOpenCart={cartActions.openCart} />
      </>
    );
  };

  const statusFor = (subject: Subject) => {
    const entry = user ? paidEntryFor(paid, subject) : undefined;
    if (!entry) return null;
    const state = accessState(entry.expiresAt, now());
    return (
      <span className={state === 'expired' ? 'badge badge--danger' : 'badge badge--success'}>
        {t(state === 'expired' ? 'catalogue.expiredOn' : 'catalogue.accessUntil', {
          date: formatDate(entry.expiresAt, i18n.language),
        })}
      </span>
    );
  };

  return (
    <main className="page home" id="main">
      <h1>{studying ? t('home.continue.title') : t('home.title')}</h1>
      <ExpiryNotices catalogue={subjects.data} />
      {studying ? (
        <>
          <ContinueWatching resource={progress} />
          <h2 className="home__catalogue-title">{t('home.title')}</h2>
        </>
      ) : null}
      <p className="hint">{t('home.intro')}</p>
      <SegmentedControl
        label={t('catalogue.sectionsLabel')}
        segments={SECTIONS.map((s) => ({ id: s.id, label: t(`sections.${s.id}.title`) }))}
        selected={section.id}
        onSelect={(id) => navigate(catalogueHref(id), { replace: true })}
      />
      <SectionIntro section={section} isLoggedIn={user !== null} />
      {levels.length > 1 ? (
        <FilterSelect
          className="home__level"
          label={t('catalogue.level')}
          name="level"
          value={level}
          allLabel={t('catalogue.allLevels')}
          options={levels}
          onChange={(value) => navigate(catalogueHref(section.id, value), { replace: true })}
        />
      ) : null}
      <ScreenReaderStatus message={cartActions.announcement} />
      <ResourceView
        resource={subjects}
        loadingLabel={t('catalogue.loading')}
        empty={
          shown.length === 0 ? (
            <FilteredEmptyState
              title={t('catalogue.emptyTitle')}
              filtered={level !== ''}
              messages={{ filtered: t('catalogue.emptyLevel'), unfiltered: t('catalogue.emptySection') }}
              clear={{ href: catalogueHref(section.id), label: t('catalogue.allLevels') }}
              otherwise={{
                href: catalogueHref(otherSchoolSystem(section.id)),
                label: t('catalogue.otherSection'),
              }}
            />
          ) : null
        }
      >
        <ul className="subject-grid" aria-label={t(`sections.${section.id}.title`)}>
          {shown.map((subject, index) => (
            <li key={subject._id}>
              <SubjectCard
                headingLevel={studying ? 3 : 2}
                // Under "Continue" the first card is below the fold: its picture waits like the others'.
                inFirstView={!studying && index === 0}
                id={subject._id}
                title={subject.subjectTitle}
                pictureurl={subject.pictureurl}
                pictureSrcset={subject.pictureSrcset}
                level={subject.level}
                description={subject.description[lang]}
                price={subject.price}
                status={statusFor(subject)}
                actions={actionsFor(subject)}
              />
            </li>
          ))}
        </ul>
      </ResourceView>
      {/* Under the catalogue once it is there: shown earlier, the strip would be pushed down the screen
          by the subjects (a layout shift), and its call would compete with the catalogue's. */}
      {subjects.loading ? null : <HappeningsStrip />}
    </main>
  );
}

function SectionIntro({ section, isLoggedIn }: { section: SectionInfo; isLoggedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="home__section-intro">
      <p>{t(`sections.${section.id}.summary`)}</p>
      {isLoggedIn ? (
        <Link href={`/${section.videoRoute}`} className="home__videos-link">
          {t('catalogue.sectionVideos')}
        </Link>
      ) : null}
    </div>
  );
}
