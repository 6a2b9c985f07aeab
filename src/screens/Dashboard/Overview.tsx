import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { selectUser } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import { accessState, paidSubjectsOf } from '../../rules/subject-access';
import { formatDate } from '../../ui/DateText';
import { catalogueHref } from '../SectionVideos/sections';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The student at a glance: who, how many subjects (and how many need renewing), where to go next. */
export function Overview() {
  const { t, i18n } = useTranslation();
  const { session, now } = useAppActors();
  const user = useSelector(session, selectUser);
  const paid = paidSubjectsOf(user);
  const at = now();
  const states = paid.map((entry) => accessState(entry.expiresAt, at));
  const active = states.filter((state) => state !== 'expired').length;
  const toRenew = states.filter((state) => state !== 'active').length;
  const fullName = [text(user?.firstname), text(user?.lastname)].filter(Boolean).join(' ');
  const username = text(user?.username);
  const picture = text(user?.profilePicture);
  const createdAt = text(user?.createdAt);
  const initials = (fullName || username).slice(0, 1).toUpperCase();

  return (
    <>
      <section className="profile-card" aria-labelledby="profile-name">
        {picture ? (
          <img className="profile-card__avatar" src={picture} alt="" width={72} height={72} />
        ) : (
          <span className="profile-card__avatar profile-card__avatar--initials" aria-hidden="true">
            {initials}
          </span>
        )}
        <div className="profile-card__text">
          <h2 id="profile-name">{t('dashboard.greeting', { name: fullName || username })}</h2>
          <dl className="profile-card__details">
            <div>
              <dt>{t('dashboard.username')}</dt>
              <dd>{username}</dd>
            </div>
            {text(user?.email) ? (
              <div>
                <dt>{t('dashboard.email')}</dt>
                <dd>{text(user?.email)}</dd>
              </div>
            ) : null}
            {text(user?.phonenumber) ? (
              <div>
                <dt>{t('dashboard.phone')}</dt>
                <dd>{text(user?.phonenumber)}</dd>
              </div>
            ) : null}
            {createdAt ? (
              <div>
                <dt>{t('dashboard.memberSince')}</dt>
                <dd>{formatDate(createdAt, i18n.language)}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </section>

      <ul className="stats" aria-label={t('dashboard.statsLabel')}>
        <li className="stat">
          <span className="stat__value" data-testid="paid-count">
            {paid.length}
          </span>
          <span className="stat__label">{t('dashboard.paidSubjects', { count: paid.length })}</span>
        </li>
        <li className="stat">
          <span className="stat__value">{active}</span>
          <span className="stat__label">{t('dashboard.activeSubjects', { count: active })}</span>
        </li>
        <li className={toRenew > 0 ? 'stat stat--warning' : 'stat'}>
          <span className="stat__value">{toRenew}</span>
          <span className="stat__label">{t('dashboard.toRenew', { count: toRenew })}</span>
        </li>
      </ul>

      <h2 className="dashboard__subtitle">{t('dashboard.quickLinks')}</h2>
      <ul className="quick-links">
        <li className="quick-links__item">
          <Link href="/study-sections">{t('dashboard.linkStudy')}</Link>
        </li>
        <li className="quick-links__item">
          <Link href={catalogueHref()}>{t('dashboard.linkCatalogue')}</Link>
        </li>
        <li className="quick-links__item">
          <Link href="/dashboard/tabs/transactions">{t('dashboard.linkPayments')}</Link>
        </li>
        <li className="quick-links__item">
          <Link href="/redeem">{t('redeem.haveCode')}</Link>
        </li>
        <li className="quick-links__item">
          <Link href="/profile">{t('routes.profile')}</Link>
        </li>
        <li className="quick-links__item">
          <Link href="/logout-from-all-devices">{t('routes.logout-from-all-devices')}</Link>
        </li>
        <li className="quick-links__item">
          <Link href="/delete-account">{t('routes.delete-account')}</Link>
        </li>
      </ul>
    </>
  );
}
