import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { selectUser } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import { STUDY_PATH } from '../../app/first-card-preload';
import { useShellRest } from '../../app/shell-rest';
import { useResource } from '../../app/use-resource';
import { studyCards } from '../../rules/first-card';
import type { AccessState } from '../../rules/subject-access';
import { accessState, canRenew, paidSubjectsOf } from '../../rules/subject-access';
import { formatDate } from '../../ui/DateText';
import { DrawnPlaceholder } from '../../ui/DrawnPlaceholder';
import { HaveCodeLink } from '../../ui/HaveCodeLink';
import { ScreenReaderStatus } from '../../ui/ListScreen';
import { LoadFailure, SavedCopyNote } from '../../ui/OfflineStates';
import { EmptyState, Skeleton } from '../../ui/States';
import { SubjectCard } from '../../ui/SubjectCard';
import { InCartNote } from '../Home/InCartNote';
import { useAddToCart } from '../Home/use-add-to-cart';
import { ExpiryNotices } from '../Planner/ExpiryNotices';
import { catalogueHref, sectionById } from '../SectionVideos/sections';
import '../../ui/subject-card.css';
import '../../ui/badge.css';

const BADGE: Record<AccessState, string> = {
  active: 'badge badge--success',
  expiringSoon: 'badge badge--warning',
  expired: 'badge badge--danger',
};

const STATUS_KEY: Record<AccessState, string> = {
  active: 'study.accessUntil',
  expiringSoon: 'study.expiresSoon',
  expired: 'study.expiredOn',
};

// Pictures and descriptions come from the catalogue; the app icon stands in while it is unreadable.
const FALLBACK_PICTURE = './icons/icon-512.png';

/**
 * The student's paid subjects, soonest expiry first: until when each is open, and near or after the end a
 * Renew with what it costs (an owner does not need the price of what they already have).
 */
export default function StudySections() {
  const { t, i18n } = useTranslation();
  const { session, now } = useAppActors();
  const user = useSelector(session, selectUser);
  const paid = paidSubjectsOf(user);
  const catalogue = useResource((api) => api.fetchSubjects(), undefined, { keep: 'subjects' });
  // Soonest expiry first, each with its catalogue entry: the rule the page's inline script also runs to
  // preload the first card's picture (issue 19, src/rules/first-card.ts).
  const cards = studyCards(paid, catalogue.data);
  const cartActions = useAddToCart();
  // Issue 19: the first card the page drew before this code ran, kept while the list loads.
  const drawn = useShellRest(STUDY_PATH);
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const at = now();

  return (
    <main className="page" id="main">
      <h1>{t('routes.study-sections')}</h1>
      <ExpiryNotices catalogue={catalogue.data} />
      <ScreenReaderStatus message={cartActions.announcement} />
      {paid.length === 0 ? (
        <EmptyState
          title={t('study.emptyTitle')}
          message={t('study.emptyMessage')}
          action={
            <div className="stack">
              <Link href={catalogueHref()} className="btn">
                {t('study.browse')}
              </Link>
              <HaveCodeLink />
            </div>
          }
        />
      ) : catalogue.loading ? (
        drawn ? (
          <DrawnPlaceholder drawn={drawn} label={t('catalogue.loading')} />
        ) : (
          <Skeleton label={t('catalogue.loading')} rows={paid.length} />
        )
      ) : (
        <>
          <LoadFailure resource={catalogue} />
          <SavedCopyNote resource={catalogue} />
          <p className="hint">{t('study.intro', { count: paid.length })}</p>
          <ul className="subject-grid">
            {cards.map(({ entry, subject }, index) => {
              const state = accessState(entry.expiresAt, at);
              const section = sectionById(subject?.section);
              return (
                <li key={entry.subjectId}>
                  <SubjectCard
                    headingLevel={2}
                    inFirstView={index === 0}
                    id={entry.subjectId}
                    title={entry.subjectTitle}
                    pictureurl={subject?.pictureurl ?? FALLBACK_PICTURE}
                    pictureSrcset={subject?.pictureSrcset}
                    level={subject?.level ?? ''}
                    description={subject?.description[lang] ?? ''}
                    // An owner needs the access dates, not the price; the price comes back with Renew,
                    // as what renewing costs.
                    price={canRenew(state) ? subject?.price : undefined}
                    status={
                      <span className={BADGE[state]} data-testid="access-status">
                        {t(STATUS_KEY[state], { date: formatDate(entry.expiresAt, i18n.language) })}
                      </span>
                    }
                    actions={
                      <>
                        <Link href={`/${section.videoRoute}`} className="btn btn--secondary">
                          {t('study.watchVideos')}
                        </Link>
                        {canRenew(state) && subject ? (
                          <button type="button" className="btn" onClick={() => cartActions.add(subject)}>
                            {t('study.renew')}
                          </button>
                        ) : null}
                        {subject ? (
                          <InCartNote
                            amount={cartActions.amountInCart(subject._id)}
                            onOpenCart={cartActions.openCart}
                          />
                        ) : null}
                      </>
                    }
                  />
                </li>
              );
            })}
          </ul>
          <p className="study__code">
            <HaveCodeLink />
          </p>
        </>
      )}
    </main>
  );
}
