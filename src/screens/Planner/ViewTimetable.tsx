import { useTranslation } from 'react-i18next';
import type { RouteParams } from '../../app/route-params';
import { useTimetableExport } from '../../app/use-timetable-export';
import { findDoc } from '../../rules/planner-docs';
import { PlannerFrame, TimetableNotFound } from './PlannerFrame';
import { usePlanner } from './use-planner';
import { WeekView } from './WeekView';

/** `#/view-timetable/{id}`: read-only, printable, and exported as a calendar file a phone imports. */
export default function ViewTimetable({ params }: { params: RouteParams }) {
  const { t } = useTranslation();
  const exporter = useTimetableExport();
  const planner = usePlanner();
  return (
    <PlannerFrame title={t('routes.view-timetable')} planner={planner}>
      {() => {
        const timetable = findDoc(planner.state, 'timetable', params.id ?? '');
        if (!timetable) return <TimetableNotFound />;
        return (
          <article className="timetable-print" aria-labelledby="printed-name">
            <h2 id="printed-name">{timetable.data.name}</h2>
            <div className="planner__links no-print">
              <button type="button" className="btn btn--secondary" onClick={exporter.print}>
                {t('planner.view.print')}
              </button>
              <button type="button" className="btn" onClick={() => exporter.saveCalendar(timetable)}>
                {t('planner.view.export')}
              </button>
            </div>
            <p className="hint no-print">{t('planner.view.exportHint')}</p>
            <WeekView data={timetable.data} />
          </article>
        );
      }}
    </PlannerFrame>
  );
}
