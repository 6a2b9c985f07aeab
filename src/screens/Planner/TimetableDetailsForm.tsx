import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timetableErrors } from '../../../contract/rules/timetable-rules';
import { FormField } from '../../ui/FormField';
import { WeekdayPicker } from './WeekdayPicker';

export interface TimetableDetails {
  name: string;
  days: number[];
}

/**
 * A timetable's name and school days, for a new timetable or an existing one: `onSave` receives them only
 * once they pass the planner's rules (a name, at least one day), the name trimmed.
 */
export function TimetableDetailsForm({
  title,
  submitLabel,
  primary,
  initial,
  onSave,
}: {
  /** Already translated, like `submitLabel`. */
  title: string;
  submitLabel: string;
  /** The screen's main action (a filled button), or a secondary one. */
  primary: boolean;
  initial: TimetableDetails;
  onSave: (details: TimetableDetails) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState(initial.name);
  const [days, setDays] = useState<number[]>(initial.days);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = timetableErrors({ name, days });
    setErrors(Object.fromEntries(found.map((e) => [e.field, e.key])));
    if (found.length === 0) onSave({ name: name.trim(), days });
  };

  return (
    <form className="planner-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <FormField
        name="name"
        label={t('planner.timetables.name')}
        value={name}
        onChange={setName}
        error={errors.name}
        maxLength={80}
      />
      <WeekdayPicker days={days} onChange={setDays} error={errors.days} />
      <button type="submit" className={primary ? 'btn' : 'btn btn--secondary'}>
        {submitLabel}
      </button>
    </form>
  );
}
