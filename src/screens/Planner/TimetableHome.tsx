import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { timetableErrors } from '../../../machines/timetableRules';
import { docsOf } from '../../services/planner/planner-store';
import { FormField } from '../../ui/FormField';
import { EmptyState } from '../../ui/States';
import { SCHOOL_DAYS, weekdayName } from './dates';
import { newId } from './ids';
import { PlannerFrame } from './PlannerFrame';
import { type Planner, usePlanner } from './use-planner';
import { WeekdayPicker } from './WeekdayPicker';

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
  const [name, setName] = useState('');
  const [days, setDays] = useState<number[]>([...SCHOOL_DAYS]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const create = (event: FormEvent) => {
    event.preventDefault();
    const found = timetableErrors({ name, days });
    setErrors(Object.fromEntries(found.map((e) => [e.field, e.key])));
    if (found.length > 0) return;
    const id = newId();
    void planner.runtime
      ?.save('timetable', id, { name: name.trim(), days, periods: [] })
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
              <div className="planner-card__actions">
                <Link href={`/edit-timetable/${timetable.id}`} className="btn btn--secondary">
                  {t('planner.timetables.edit')}
                </Link>
                <Link href={`/view-timetable/${timetable.id}`} className="btn btn--secondary">
                  {t('planner.timetables.view')}
                </Link>
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={() => void planner.runtime?.remove('timetable', timetable.id)}
                >
                  {t('planner.timetables.delete', { name: timetable.data.name })}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form className="planner-form" onSubmit={create} noValidate>
        <h2>{t('planner.timetables.create')}</h2>
        <FormField
          name="name"
          label={t('planner.timetables.name')}
          value={name}
          onChange={setName}
          error={errors.name}
          maxLength={80}
        />
        <WeekdayPicker days={days} onChange={setDays} error={errors.days} />
        <button type="submit" className="btn">
          {t('planner.timetables.createSubmit')}
        </button>
      </form>
    </>
  );
}
