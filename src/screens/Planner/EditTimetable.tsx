import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PeriodDraft } from '../../../contract/rules/timetable-rules';
import { MIDNIGHT, periodErrors, sortPeriods } from '../../../contract/rules/timetable-rules';
import type { RouteParams } from '../../app/route-params';
import type { Timetable } from '../../rules/planner-docs';
import { findDoc } from '../../rules/planner-docs';
import { newId } from './ids';
import { PERIOD_COLOURS, PeriodForm } from './PeriodForm';
import { PeriodList } from './PeriodList';
import { PlannerFrame, TimetableNotFound } from './PlannerFrame';
import { TimetableDetailsForm } from './TimetableDetailsForm';
import type { Planner } from './use-planner';
import { usePlanner } from './use-planner';

/** `#/edit-timetable/{id}`: the name, the school days, and the periods added, moved and removed one by one. */
export default function EditTimetable({ params }: { params: RouteParams }) {
  const { t } = useTranslation();
  const planner = usePlanner();
  return (
    <PlannerFrame title={t('routes.edit-timetable')} planner={planner}>
      {() => {
        const timetable = findDoc(planner.state, 'timetable', params.id ?? '');
        return timetable ? (
          <Editor key={timetable.id} timetable={timetable} planner={planner} />
        ) : (
          <TimetableNotFound />
        );
      }}
    </PlannerFrame>
  );
}

const blankPeriod = (day: number, colour: string): PeriodDraft => ({
  id: '',
  day,
  start: '',
  end: '',
  subject: '',
  teacher: '',
  room: '',
  colour,
});

function Editor({ timetable, planner }: { timetable: Timetable; planner: Planner }) {
  const { t } = useTranslation();
  const data = timetable.data;
  const periods = sortPeriods(data.periods);
  const [savedNote, setSavedNote] = useState('');
  const firstDay = data.days[0] ?? 1;
  const [draft, setDraft] = useState<PeriodDraft>(() => blankPeriod(firstDay, PERIOD_COLOURS[0]));
  const [errors, setErrors] = useState<
    { field: string; key: string; params?: Readonly<Record<string, string>> }[]
  >([]);
  const editing = draft.id !== '';

  const save = (next: Partial<typeof data>) =>
    planner.runtime?.save('timetable', timetable.id, { ...data, ...next });

  const change = (field: keyof PeriodDraft, value: string | number) => {
    setDraft((current) => ({ ...current, [field]: value }));
    // The error of the field being corrected goes; everything typed stays.
    setErrors((current) =>
      current.filter((e) => e.field !== field && !(field === 'end' && e.key.endsWith('overlap'))),
    );
    setSavedNote('');
  };

  const submitPeriod = (event: FormEvent) => {
    event.preventDefault();
    const candidate = {
      ...draft,
      id: draft.id || newId(),
      subject: draft.subject.trim(),
      teacher: draft.teacher.trim(),
      room: draft.room.trim(),
    };
    const found = periodErrors(candidate, data.periods);
    setErrors(found);
    if (found.length > 0) return;
    const others = data.periods.filter((p) => p.id !== candidate.id);
    void save({ periods: sortPeriods([...others, candidate]) });
    setSavedNote(
      t(editing ? 'planner.editor.periodSaved' : 'planner.editor.periodAdded', {
        subject: candidate.subject,
      }),
    );
    // The next period of the day usually starts when this one ends (none follows one ending at midnight).
    const next = candidate.end === MIDNIGHT ? '' : candidate.end;
    setDraft({ ...blankPeriod(candidate.day, candidate.colour), start: next });
  };

  const errorFor = (field: string) => {
    const error = errors.find((e) => e.field === field);
    return error ? t(error.key, error.params ?? {}) : undefined;
  };

  return (
    <>
      <TimetableDetailsForm
        title={t('planner.editor.details')}
        submitLabel={t('planner.editor.saveDetails')}
        primary={false}
        initial={{ name: data.name, days: data.days }}
        onSave={(details) => {
          void save(details);
          setSavedNote(t('planner.editor.saved'));
        }}
      />

      <section aria-labelledby="periods-title">
        <h2 id="periods-title">{t('planner.editor.periods')}</h2>
        {timetable.syncError && !timetable.syncOverlap ? (
          <p className="form-field__error" role="alert">
            {timetable.syncError}
          </p>
        ) : null}
        <PeriodList
          periods={periods}
          overlap={timetable.syncOverlap}
          onEdit={(period) => {
            setDraft(period);
            setErrors([]);
          }}
          onRemove={(period) => void save({ periods: data.periods.filter((p) => p.id !== period.id) })}
        />
      </section>

      <PeriodForm
        draft={draft}
        editing={editing}
        days={data.days}
        errorFor={errorFor}
        savedNote={savedNote}
        onChange={change}
        onSubmit={submitPeriod}
        onCancel={() => {
          setDraft(blankPeriod(firstDay, draft.colour));
          setErrors([]);
        }}
      />

      <nav className="planner__links" aria-label={t('planner.editor.next')}>
        <Link href={`/timetable/${timetable.id}`} className="btn btn--secondary">
          {t('planner.timetables.open')}
        </Link>
        <Link href={`/view-timetable/${timetable.id}`} className="btn btn--secondary">
          {t('planner.timetables.view')}
        </Link>
      </nav>
    </>
  );
}
