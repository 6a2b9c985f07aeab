import type { TFunction } from 'i18next';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { ItemData, StudyList } from '../../rules/planner-docs';
import { docsOf, findDoc } from '../../rules/planner-docs';
import { FormField, SelectField } from '../../ui/FormField';
import { EmptyState } from '../../ui/States';
import { fromDateInput, toDateInput } from './dates';
import { newId } from './ids';
import { PlannerFrame } from './PlannerFrame';
import type { Planner } from './use-planner';
import { usePlanner } from './use-planner';

function durationText(t: TFunction, minutes: number): string {
  if (minutes % (24 * 60) === 0) return t('planner.duration.days', { count: minutes / (24 * 60) });
  if (minutes % 60 === 0) return t('planner.duration.hours', { count: minutes / 60 });
  return t('planner.duration.minutes', { count: minutes });
}

/** Minutes before the due time; null: no reminder. */
export const ITEM_REMINDER_CHOICES = [null, 0, 10, 30, 60, 24 * 60] as const;

/** `#/new-item` (`?list=` preselects a list, `?id=` edits an item): title, list, due date and time, reminder, notes. */
export default function NewItem() {
  const { t } = useTranslation();
  const planner = usePlanner();
  const query = new URLSearchParams(useSearch());
  const editId = query.get('id');
  return (
    <PlannerFrame title={editId ? t('planner.items.editTitle') : t('routes.new-item')} planner={planner}>
      {() => {
        const lists = docsOf(planner.state, 'list').sort((a, b) => a.data.name.localeCompare(b.data.name));
        if (lists.length === 0) {
          return (
            <EmptyState
              title={t('planner.lists.emptyTitle')}
              message={t('planner.items.needList')}
              action={
                <Link href="/new-list" className="btn">
                  {t('routes.new-list')}
                </Link>
              }
            />
          );
        }
        const existing = editId ? findDoc(planner.state, 'item', editId) : undefined;
        return (
          <ItemForm
            key={existing?.id ?? 'new'}
            planner={planner}
            lists={lists}
            itemId={existing?.id ?? null}
            initial={existing?.data ?? null}
            listId={query.get('list')}
          />
        );
      }}
    </PlannerFrame>
  );
}

function ItemForm({
  planner,
  lists,
  itemId,
  initial,
  listId,
}: {
  planner: Planner;
  lists: readonly StudyList[];
  itemId: string | null;
  initial: ItemData | null;
  listId: string | null;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const due = initial?.due ? toDateInput(Date.parse(initial.due)) : { date: '', time: '' };
  const [values, setValues] = useState({
    title: initial?.title ?? '',
    listId:
      initial?.listId ?? (lists.some((l) => l.id === listId) ? (listId as string) : (lists[0]?.id ?? '')),
    date: due.date,
    time: due.time,
    reminder: initial?.reminderMinutes == null ? '' : String(initial.reminderMinutes),
    notes: initial?.notes ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dueIso = values.date ? fromDateInput(values.date, values.time) : null;
    const found = itemErrors(values, dueIso);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const data: ItemData = {
      listId: values.listId,
      title: values.title.trim(),
      due: dueIso,
      reminderMinutes: values.reminder === '' ? null : Number(values.reminder),
      notes: values.notes,
      done: initial?.done ?? false,
    };
    // The empty query drops this form's `?id=`/`?list=`, which wouter's hash navigation would otherwise keep.
    void planner.runtime?.save('item', itemId ?? newId(), data).then(() => navigate('/schedule?'));
  };

  return (
    <form className="planner-form" onSubmit={submit} noValidate>
      <FormField
        name="title"
        label={t('planner.items.title')}
        value={values.title}
        onChange={change('title')}
        error={errors.title || undefined}
        maxLength={120}
      />
      <SelectField
        name="listId"
        label={t('planner.items.list')}
        value={values.listId}
        options={lists.map((list) => ({ value: list.id, label: list.data.name }))}
        onChange={change('listId')}
      />
      <div className="planner-form__row">
        <FormField
          name="date"
          type="date"
          label={t('planner.items.dueDate')}
          value={values.date}
          onChange={change('date')}
          error={errors.date || undefined}
        />
        <FormField
          name="time"
          type="time"
          label={t('planner.items.dueTime')}
          value={values.time}
          onChange={change('time')}
        />
      </div>
      <ReminderField value={values.reminder} error={errors.reminder} onChange={change('reminder')} />
      <FormField
        name="notes"
        label={t('planner.items.notes')}
        value={values.notes}
        onChange={change('notes')}
        multiline
        maxLength={1000}
      />
      <button type="submit" className="btn">
        {itemId ? t('planner.items.save') : t('planner.items.create')}
      </button>
    </form>
  );
}

/** What is wrong with the form, by field (dictionary keys); `dueIso` is null when the date is not valid. */
function itemErrors(
  values: { title: string; date: string; reminder: string },
  dueIso: string | null,
): Record<string, string> {
  const found: Record<string, string> = {};
  if (values.title.trim() === '') found.title = 'planner.errors.titleRequired';
  if (values.date && dueIso === null) found.date = 'planner.errors.dateInvalid';
  if (values.reminder !== '' && !values.date) found.reminder = 'planner.errors.reminderNeedsDate';
  return found;
}

/** When to be reminded of an item: no reminder, at the due time, or a while before. */
function ReminderField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor="item-reminder">
        {t('planner.items.reminder')}
      </label>
      <select
        id="item-reminder"
        name="reminderMinutes"
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={error ? 'item-reminder-error' : undefined}
      >
        {ITEM_REMINDER_CHOICES.map((minutes) => (
          <option key={String(minutes)} value={minutes === null ? '' : String(minutes)}>
            {minutes === null
              ? t('planner.items.noReminder')
              : minutes === 0
                ? t('planner.items.atDueTime')
                : t('planner.items.reminderBefore', { duration: durationText(t, minutes) })}
          </option>
        ))}
      </select>
      {error ? (
        <p id="item-reminder-error" className="form-field__error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
