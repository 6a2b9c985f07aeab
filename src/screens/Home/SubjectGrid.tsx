import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Subject } from '../../../contract/catalogue';
import { isFree } from '../../../contract/rules/prices';
import type { PaidSubject } from '../../../contract/users';
import type { AccessState } from '../../rules/subject-access';
import { accessState, canRenew, paidEntryFor } from '../../rules/subject-access';
import { formatDate } from '../../ui/DateText';
import { SubjectCard } from '../../ui/SubjectCard';
import type { SectionInfo } from '../SectionVideos/sections';
import { InCartNote } from './InCartNote';
import type { useAddToCart } from './use-add-to-cart';

type CartActions = ReturnType<typeof useAddToCart>;

/** A subject the student has paid for, and where that access stands now. */
interface Access {
  entry: PaidSubject;
  state: AccessState;
}

interface GridProps {
  section: SectionInfo;
  subjects: readonly Subject[];
  /** Home shows "Continue" above the catalogue: the cards' headings go one level down. */
  studying: boolean;
  isLoggedIn: boolean;
  paid: readonly PaidSubject[];
  now: () => number;
  cartActions: CartActions;
}

/** Home's subject cards for one section (and level), each with its access badge and its actions. */
export function SubjectGrid({ section, subjects, studying, isLoggedIn, paid, now, cartActions }: GridProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const accessTo = (subject: Subject): Access | null => {
    const entry = isLoggedIn ? paidEntryFor(paid, subject) : undefined;
    return entry ? { entry, state: accessState(entry.expiresAt, now()) } : null;
  };
  return (
    <ul className="subject-grid" aria-label={t(`sections.${section.id}.title`)}>
      {subjects.map((subject, index) => {
        const access = accessTo(subject);
        return (
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
              status={access ? <AccessBadge access={access} /> : null}
              actions={
                <SubjectActions
                  subject={subject}
                  section={section}
                  isLoggedIn={isLoggedIn}
                  access={access}
                  cartActions={cartActions}
                />
              }
            />
          </li>
        );
      })}
    </ul>
  );
}

/** "Access until …" or "Expired on …" for a subject the student has paid for. */
function AccessBadge({ access }: { access: Access }) {
  const { t, i18n } = useTranslation();
  const expired = access.state === 'expired';
  return (
    <span className={expired ? 'badge badge--danger' : 'badge badge--success'}>
      {t(expired ? 'catalogue.expiredOn' : 'catalogue.accessUntil', {
        date: formatDate(access.entry.expiresAt, i18n.language),
      })}
    </span>
  );
}

interface ActionsProps {
  subject: Subject;
  section: SectionInfo;
  isLoggedIn: boolean;
  access: Access | null;
  cartActions: CartActions;
}

/** A free subject's way in; else "Study" while the access lasts, "Add to cart"/"Renew", and the cart note. */
function SubjectActions({ subject, section, isLoggedIn, access, cartActions }: ActionsProps) {
  const { t } = useTranslation();
  if (isFree(subject.price)) {
    return (
      <Link href={isLoggedIn ? `/${section.videoRoute}` : '/register'} className="btn btn--secondary">
        {isLoggedIn ? t('catalogue.watchFree') : t('catalogue.signUpToWatch')}
      </Link>
    );
  }
  const renewable = access !== null && canRenew(access.state);
  return (
    <>
      {access && access.state !== 'expired' ? (
        <Link href={`/${section.videoRoute}`} className="btn btn--secondary">
          {t('catalogue.study')}
        </Link>
      ) : null}
      {!access || renewable ? (
        <button type="button" className="btn" onClick={() => cartActions.add(subject)}>
          {renewable ? t('catalogue.renew') : t('catalogue.addToCart')}
        </button>
      ) : null}
      <InCartNote amount={cartActions.amountInCart(subject._id)} onOpenCart={cartActions.openCart} />
    </>
  );
}
