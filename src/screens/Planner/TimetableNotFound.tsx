import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EmptyState } from '../../ui/States';

/** A timetable link whose timetable is gone (deleted here or on another device). */
export function TimetableNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('planner.timetables.notFoundTitle')}
      message={t('planner.timetables.notFoundMessage')}
      action={
        <Link href="/time-table-home" className="btn">
          {t('routes.time-table-home')}
        </Link>
      }
    />
  );
}
