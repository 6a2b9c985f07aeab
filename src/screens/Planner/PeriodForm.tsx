import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeriodDraft } from '../../../contract/rules/timetable-rules';
import { FormField, SelectField } from '../../ui/FormField';
import { weekdayName } from './dates';

export const PERIOD_COLOURS = [
  '#1e88e5',
  '#43a047',
  '#e53935',
  '#fb8c00',
  '#8e24aa',
  '#00897b',
  '#6d4c41',
] as const;

/** The period being added or edited in the timetable editor: what is typed stays until it is saved. */
export function PeriodForm({
  draft,
  editing,
  days,
  errorFor,
  savedNote,
  onChange,
  onSubmit,
  onCancel,
}: {
  draft: PeriodDraft;
  editing: boolean;
  /** The timetable's school days, offered for the period. */
  days: readonly number[];
  /** The translated error of a field, if any. */
  errorFor: (field: string) => string | undefined;
  savedNote: string;
  onChange: (field: keyof PeriodDraft, value: string | number) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <form className="planner-form" onSubmit={onSubmit} noValidate aria-labelledby="period-form-title">
      <h2 id="period-form-title">{editing ? t('planner.editor.editTitle') : t('planner.editor.addTitle')}</h2>
      <FormField
        name="subject"
        label={t('planner.period.subject')}
        value={draft.subject}
        onChange={(v) => onChange('subject', v)}
        error={errorFor('subject')}
        maxLength={60}
      />
      <SelectField
        name="day"
        label={t('planner.period.day')}
        value={draft.day}
        options={(days.length > 0 ? days : [1, 2, 3, 4, 5]).map((day) => ({
          value: day,
          label: weekdayName(day, i18n.language),
        }))}
        onChange={(v) => onChange('day', Number(v))}
      />
      <div className="planner-form__row">
        <FormField
          name="start"
          type="time"
          label={t('planner.period.start')}
          value={draft.start}
          onChange={(v) => onChange('start', v)}
          error={errorFor('start')}
        />
        <FormField
          name="end"
          type="time"
          label={t('planner.period.end')}
          value={draft.end}
          onChange={(v) => onChange('end', v)}
          error={errorFor('end')}
        />
      </div>
      <FormField
        name="teacher"
        label={t('planner.period.teacher')}
        value={draft.teacher}
        onChange={(v) => onChange('teacher', v)}
        maxLength={60}
      />
      <FormField
        name="room"
        label={t('planner.period.room')}
        value={draft.room}
        onChange={(v) => onChange('room', v)}
        maxLength={30}
      />
      <fieldset className="colour-picker">
        <legend>{t('planner.period.colour')}</legend>
        {PERIOD_COLOURS.map((colour, index) => (
          <label key={colour} className="colour-picker__swatch" style={{ background: colour }}>
            <input
              type="radio"
              name="colour"
              value={colour}
              checked={draft.colour === colour}
              onChange={() => onChange('colour', colour)}
            />
            <span className="visually-hidden">{t('planner.period.colourN', { n: index + 1 })}</span>
          </label>
        ))}
      </fieldset>
      <div className="planner-form__actions">
        <button type="submit" className="btn">
          {editing ? t('planner.editor.savePeriod') : t('planner.editor.addPeriod')}
        </button>
        {editing ? (
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
      </div>
      <p className="planner-form__note" role="status">
        {savedNote}
      </p>
    </form>
  );
}
