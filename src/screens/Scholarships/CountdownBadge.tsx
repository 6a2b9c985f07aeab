import { useTranslation } from 'react-i18next';
import { countdown } from './deadline';
import '../../ui/badge.css';

/** "Closes in 5 days" / "Closes today" / "Closed". */
export function CountdownBadge({ deadline, now }: { deadline: string; now: number }) {
  const { t } = useTranslation();
  const left = countdown(deadline, now);
  if (left.kind === 'closed') return <span className="badge badge--danger">{t('scholarships.closed')}</span>;
  if (left.kind === 'today')
    return <span className="badge badge--warning">{t('scholarships.closesToday')}</span>;
  return (
    <span className={left.days <= 14 ? 'badge badge--warning' : 'badge badge--success'}>
      {t('scholarships.closesIn', { count: left.days })}
    </span>
  );
}
