import { useTranslation } from 'react-i18next';
import { ALL_DAYS, weekdayName } from './dates';

/** The school days of a timetable, as checkboxes named by the browser's own weekday names. */
export function WeekdayPicker({
  days,
  onChange,
  error,
}: {
  days: readonly number[];
  onChange: (days: number[]) => void;
  error?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <fieldset className="weekday-picker" aria-describedby={error ? 'weekday-error' : undefined}>
      <legend>{t('planner.timetables.days')}</legend>
      {ALL_DAYS.map((day) => (
        <label key={day} className="weekday-picker__day">
          <input
            type="checkbox"
            name="days"
            value={day}
            checked={days.includes(day)}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...days, day].sort((a, b) => a - b) : days.filter((d) => d !== day),
              )
            }
          />
          {weekdayName(day, i18n.language)}
        </label>
      ))}
      {error ? (
        <p id="weekday-error" className="form-field__error">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
