import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { ContinueWatching as ContinueAnswer } from '../../../contract/videos';
import { selectUser } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import { HOME_PATH } from '../../app/first-card-preload';
import { lazyLoad, useLazy } from '../../app/lazy-load';
import { useShellRest } from '../../app/shell-rest';
import { useResource } from '../../app/use-resource';
import { homeCatalogue } from '../../rules/first-card';
import { studentSection } from '../../rules/student-section';
import { mayStudyAny, paidSubjectsOf } from '../../rules/subject-access';
import { DrawnPlaceholder } from '../../ui/DrawnPlaceholder';
import { FilteredEmptyState, FilterSelect, ResourceView, ScreenReaderStatus } from '../../ui/ListScreen';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { useQuery } from '../LoginWithUsername/use-query';
import { ExpiryNotices } from '../Planner/ExpiryNotices';
import type { SectionInfo } from '../SectionVideos/sections';
import {
  catalogueHref,
  levelsOf,
  otherSchoolSystem,
  SECTION_IDS,
  SECTIONS,
  sectionById,
} from '../SectionVideos/sections';
import { ContinueWatching } from './ContinueWatching';
import { SubjectGrid } from './SubjectGrid';
import { useAddToCart } from './use-add-to-cart';
import '../../ui/subject-card.css';
import './home.css';
import '../../ui/badge.css';

/**
 * The happenings strip's code (with the reading list's stores: about 9 KB brotli in six files) loads when
 * the strip may show, once the catalogue is there, instead of with home's: the first card's render no
 * longer waits for it on a cold start (issue 19, home's largest paint).
 */
const happeningsStrip = lazyLoad(() => import('./HappeningsStrip'));

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
  // The section, level and cards shown, by the rule the page's inline script also runs to preload the first
  // card's picture (issue 19, src/rules/first-card.ts).
  const catalogue = homeCatalogue(
    subjects.data,
    {
      requestedSection: query.get('section'),
      requestedLevel: query.get('level'),
      loggedIn: user !== null,
      paid,
      language: i18n.language,
      now: now(),
      sectionIds: SECTION_IDS,
    },
    { studentSection, mayStudyAny },
  );
  const section = sectionById(catalogue.section);
  // Only a student with a subject open to them asks where they stopped: one small call, beside the catalogue's.
  const studying = catalogue.studying;
  const progress = useResource(
    (api, params: { studying: boolean }): Promise<ContinueAnswer | null> =>
      params.studying ? api.fetchContinue() : Promise.resolve(null),
    { studying },
    // Kept on the phone for the account (issue 18): offline, Continue still leads to the last lesson.
    { keep: 'continue' },
  );
  const cartActions = useAddToCart();
  // Issue 19: the level picker and first card the page drew before this code ran, kept while the list loads.
  const drawn = useShellRest(HOME_PATH);
  const HappeningsStrip = useLazy(happeningsStrip, { load: !subjects.loading })?.HappeningsStrip;

  const { inSection, level, shown } = catalogue;
  const levels = levelsOf(
    section,
    inSection.map((subject) => subject.level),
  );

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
        placeholder={drawn ? <DrawnPlaceholder drawn={drawn} label={t('catalogue.loading')} /> : undefined}
        empty={shown.length === 0 ? <CatalogueEmpty section={section} level={level} /> : null}
      >
        <SubjectGrid
          section={section}
          subjects={shown}
          studying={studying}
          isLoggedIn={user !== null}
          paid={paid}
          now={now}
          cartActions={cartActions}
        />
      </ResourceView>
      {/* Under the catalogue once it is there: shown earlier, the strip would be pushed down the screen
          by the subjects (a layout shift), and its call would compete with the catalogue's. */}
      {subjects.loading || !HappeningsStrip ? null : <HappeningsStrip />}
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

/** No subject in this section (or at this level): clear the level, or look at the other school system. */
function CatalogueEmpty({ section, level }: { section: SectionInfo; level: string }) {
  const { t } = useTranslation();
  return (
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
  );
}
