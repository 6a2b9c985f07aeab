import { useTranslation } from 'react-i18next';
import { sortPeriods } from '../../../contract/rules/timetable-rules';
import type { TimetableData } from '../../rules/planner-docs';
import { weekdayName } from './dates';

/** The whole week, day after day: fits a phone's width, prints on one page. */
export function WeekView({ data, headingLevel = 2 }: { data: TimetableData; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const periods = sortPeriods(data.periods);
  const days = [...new Set([...data.days, ...periods.map((p) => p.day)])].sort((a, b) => a - b);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="week-view">
      {days.map((day) => {
        const ofDay = periods.filter((p) => p.day === day);
        return (
          <section key={day} className="week-view__day" aria-label={weekdayName(day, i18n.language)}>
            <Heading>{weekdayName(day, i18n.language)}</Heading>
            {ofDay.length === 0 ? (
              <p className="hint">{t('planner.week.free')}</p>
            ) : (
              <table className="week-view__table">
                <thead className="visually-hidden">
                  <tr>
                    <th scope="col">{t('planner.period.time')}</th>
                    <th scope="col">{t('planner.period.subject')}</th>
                    <th scope="col">{t('planner.period.where')}</th>
                  </tr>
                </thead>
                <tbody>
                  {ofDay.map((period) => (
                    <tr key={period.id} style={{ borderLeftColor: period.colour }}>
                      <td className="week-view__time">
                        {period.start}–{period.end}
                      </td>
                      <td>{period.subject}</td>
                      <td className="hint">{[period.room, period.teacher].filter(Boolean).join(' · ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </div>
  );
}
