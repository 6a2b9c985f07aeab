import { useTranslation } from 'react-i18next';
import type { ExpiryNotice } from '../../machines/reminderPlan';
import { formatDate } from './DateText';
import './expiry-banner.css';

/** Issue 9: paid subjects whose access ends within 7 days (or within the last day), each with Renew. */
export function ExpiryBanner({
  notices,
  onRenew,
}: {
  notices: readonly ExpiryNotice[];
  onRenew: (subjectId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <section className="expiry-banner" aria-label={t('planner.expiry.bannerLabel')}>
      <ul>
        {notices.map((notice) => (
          <li key={notice.subjectId} className={`expiry-banner__item expiry-banner__item--${notice.stage}`}>
            <p>
              {t(notice.stage === 'day' ? 'planner.expiry.endsTomorrow' : 'planner.expiry.endsThisWeek', {
                subject: notice.subjectTitle,
                date: formatDate(notice.expiresAt, i18n.language),
              })}
            </p>
            <button type="button" className="btn" onClick={() => onRenew(notice.subjectId)}>
              {t('planner.expiry.renewSubject', { subject: notice.subjectTitle })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
