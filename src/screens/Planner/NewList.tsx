import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { FormField } from '../../ui/FormField';
import { newId } from './ids';
import { PlannerFrame } from './PlannerFrame';
import { usePlanner } from './use-planner';

/** `#/new-list`: a study list ("GCE revision"); its items are added from the schedule or `#/new-item`. */
export default function NewList() {
  const { t } = useTranslation();
  const planner = usePlanner();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError('planner.errors.nameRequired');
      return;
    }
    const id = newId();
    void planner.runtime
      ?.save('list', id, { name: name.trim() })
      .then(() => navigate(`/new-item?list=${id}`));
  };
  return (
    <PlannerFrame title={t('routes.new-list')} planner={planner}>
      {() => (
        <form className="planner-form" onSubmit={submit} noValidate>
          <FormField
            name="name"
            label={t('planner.lists.name')}
            hint={t('planner.lists.nameHint')}
            value={name}
            onChange={(value) => {
              setName(value);
              setError(undefined);
            }}
            error={error}
            maxLength={80}
          />
          <button type="submit" className="btn">
            {t('planner.lists.create')}
          </button>
        </form>
      )}
    </PlannerFrame>
  );
}
