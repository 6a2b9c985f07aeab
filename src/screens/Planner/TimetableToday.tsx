import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { isDuring, sortPeriods } from '../../../contract/rules/timetable-rules';
import { isoWeekday } from '../../../machines/reminderPlan';
import { useAppActors } from '../../app/actors-context';
import type { RouteParams } from '../../app/route-params';
import type { Timetable } from '../../rules/planner-docs';
import { findDoc } from '../../rules/planner-docs';
import { formatDay } from './dates';
import { PlannerFrame, TimetableNotFound } from './PlannerFrame';
import { usePlanner } from './use-planner';
import { WeekView } from './WeekView';

/** How often the highlighted period is re-read from the clock. */
export const CURRENT_PERIOD_REFRESH_MS = 30_000;

/** `#/timetable/{id}`: today's periods, the current one highlighted, then the whole week. */
export default function TimetableToday({ params }: { params: RouteParams }) {
  const { t } = useTranslation();
  const planner = usePlanner();
  return (
    <PlannerFrame title={t('routes.timetable')} planner={planner}>
      {() => {
        const timetable = findDoc(planner.state, 'timetable', params.id ?? '');
        return timetable ? <Today timetable={timetable} /> : <TimetableNotFound />;
      }}
    </PlannerFrame>
  );
}

const clockOf = (time: number) => {
  const d = new Date(time);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

function Today({ timetable }: { timetable: Timetable }) {
  const { t, i18n } = useTranslation();
  const { now } = useAppActors();
  const [time, setTime] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setTime(now()), CURRENT_PERIOD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [now]);
  const clock = clockOf(time);
  const today = sortPeriods(timetable.data.periods).filter((p) => p.day === isoWeekday(new Date(time)));
  return (
    <>
      <h2 className="timetable__name">{timetable.data.name}</h2>
      <section aria-labelledby="today-title" className="today">
        <h3 id="today-title">{t('planner.today.title', { date: formatDay(time, i18n.language) })}</h3>
        {today.length === 0 ? (
          <p className="hint">{t('planner.today.free')}</p>
        ) : (
          <ol className="today__periods">
            {today.map((period) => {
              const current = isDuring(period, clock);
              return (
                <li
                  key={period.id}
                  className={`today__period${current ? ' today__period--current' : ''}`}
                  aria-current={current ? 'time' : undefined}
                  style={{ borderLeftColor: period.colour }}
                >
                  <span className="today__time">
                    {period.start}–{period.end}
                  </span>
                  <span className="today__subject">{period.subject}</span>
                  {current ? <span className="badge badge--success">{t('planner.today.now')}</span> : null}
                  <span className="hint">{[period.room, period.teacher].filter(Boolean).join(' · ')}</span>
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <section aria-labelledby="week-title">
        <h3 id="week-title">{t('planner.week.title')}</h3>
        <WeekView data={timetable.data} headingLevel={3} />
      </section>
      <nav className="planner__links" aria-label={t('planner.editor.next')}>
        <Link href={`/edit-timetable/${timetable.id}`} className="btn btn--secondary">
          {t('planner.timetables.edit')}
        </Link>
        <Link href={`/view-timetable/${timetable.id}`} className="btn btn--secondary">
          {t('planner.timetables.view')}
        </Link>
      </nav>
    </>
  );
}
