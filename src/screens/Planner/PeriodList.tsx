import { useTranslation } from 'react-i18next';
import type { TimetableOverlap } from '../../../contract/planner';
import type { PeriodDraft } from '../../../contract/rules/timetable-rules';
import { weekdayInSentence, weekdayName } from './dates';

interface PeriodListProps {
  periods: readonly PeriodDraft[];
  /** Why the account refused this timetable, when two of its periods overlap: shown at the period at fault. */
  overlap: TimetableOverlap | undefined;
  onEdit: (period: PeriodDraft) => void;
  onRemove: (period: PeriodDraft) => void;
}

/** The editor's periods, each with its edit and remove buttons. */
export function PeriodList({ periods, overlap, onEdit, onRemove }: PeriodListProps) {
  const { t, i18n } = useTranslation();
  if (periods.length === 0) return <p className="hint">{t('planner.editor.noPeriods')}</p>;
  return (
    <ul className="period-list">
      {periods.map((period) => (
        <li key={period.id} className="period-row" style={{ borderLeftColor: period.colour }}>
          <span className="period-row__when">
            {weekdayName(period.day, i18n.language, 'short')} {period.start}–{period.end}
          </span>
          <span className="period-row__subject">{period.subject}</span>
          {period.room ? <span className="hint">{period.room}</span> : null}
          {overlap?.periodId === period.id ? (
            <p className="form-field__error period-row__refused" role="alert">
              {t(
                overlap.fromOtherDevice ? 'planner.editor.overlapOtherDevice' : 'planner.editor.overlapOwn',
                {
                  day: weekdayInSentence(overlap.day, i18n.language),
                  subject: overlap.other.subject,
                  start: overlap.other.start,
                  end: overlap.other.end,
                },
              )}
            </p>
          ) : null}
          <span className="period-row__actions">
            <button type="button" className="btn btn--secondary" onClick={() => onEdit(period)}>
              {t('planner.editor.editPeriod', { subject: period.subject })}
            </button>
            <button type="button" className="btn btn--destructive" onClick={() => onRemove(period)}>
              {t('planner.editor.removePeriod', { subject: period.subject })}
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
