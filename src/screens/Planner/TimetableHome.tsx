import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { docsOf } from '../../rules/planner-docs';
import { EmptyState } from '../../ui/States';
import { SCHOOL_DAYS, weekdayName } from './dates';
import { newId } from './ids';
import { PlannerFrame } from './PlannerFrame';
import type { TimetableDetails } from './TimetableDetailsForm';
import { TimetableDetailsForm } from './TimetableDetailsForm';
import type { Planner } from './use-planner';
import { usePlanner } from './use-planner';

/** `#/time-table-home`: the student's timetables, and a new one (name and school days; periods next). */
export default function TimetableHome() {
  const { t } = useTranslation();
  const planner = usePlanner();
  return (
    <PlannerFrame title={t('routes.time-table-home')} planner={planner}>
      {() => <TimetableHomeContent planner={planner} />}
    </PlannerFrame>
  );
}

function TimetableHomeContent({ planner }: { planner: Planner }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const timetables = docsOf(planner.state, 'timetable').sort((a, b) =>
    a.data.name.localeCompare(b.data.name),
  );

  const create = (details: TimetableDetails) => {
    const id = newId();
    void planner.runtime
      ?.save('timetable', id, { ...details, periods: [] })
      .then(() => navigate(`/edit-timetable/${id}`));
  };

  return (
    <>
      {timetables.length === 0 ? (
        <EmptyState
          title={t('planner.timetables.emptyTitle')}
          message={t('planner.timetables.emptyMessage')}
        />
      ) : (
        <ul className="planner-cards">
          {timetables.map((timetable) => (
            <li key={timetable.id} className="planner-card">
              <h2>
                <Link href={`/timetable/${timetable.id}`}>{timetable.data.name}</Link>
              </h2>
              <p className="hint">
                {t('planner.timetables.summary', {
                  count: timetable.data.periods.length,
                  days: timetable.data.days.map((d) => weekdayName(d, i18n.language, 'short')).join(', '),
                })}
              </p>
              {timetable.syncError ? (
                <p className="form-field__error">
                  {timetable.syncOverlap ? t('planner.timetables.notSent') : timetable.syncError}
                </p>
              ) : null}
              <div className="planner-card__actions">
                <Link href={`/edit-timetable/${timetable.id}`} className="btn btn--secondary">
                  {t('planner.timetables.edit')}
                </Link>
                <Link href={`/view-timetable/${timetable.id}`} className="btn btn--secondary">
                  {t('planner.timetables.view')}
                </Link>
                <button
                  type="button"
                  className="btn btn--destructive"
                  onClick={() => void planner.runtime?.remove('timetable', timetable.id)}
                >
                  {t('planner.timetables.delete', { name: timetable.data.name })}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <TimetableDetailsForm
        title={t('planner.timetables.create')}
        submitLabel={t('planner.timetables.createSubmit')}
        primary
        initial={{ name: '', days: [...SCHOOL_DAYS] }}
        onSave={create}
      />
    </>
  );
}
