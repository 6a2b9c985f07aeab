import { useTranslation } from 'react-i18next';
import type { ClientUser, ModifyProfilePayload, UserResponse } from '../../../contract/users';
import type { FormValues } from '../../../machines/form';
import { useForm } from '../../app/use-form';
import type { FormFieldProps } from '../../ui/FormField';
import { FormField } from '../../ui/FormField';
import { FormOutcome } from '../../ui/FormMessage';
import { SubmitButton } from '../../ui/SubmitButton';

type EditableField = 'firstname' | 'lastname' | 'email' | 'phonenumber';
type FieldSpec = Pick<FormFieldProps, 'type' | 'autoComplete' | 'inputMode'> & { name: EditableField };

const FIELDS: readonly FieldSpec[] = [
  { name: 'firstname', autoComplete: 'given-name' },
  { name: 'lastname', autoComplete: 'family-name' },
  { name: 'email', type: 'email', inputMode: 'email', autoComplete: 'email' },
  { name: 'phonenumber', type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
];

export function detailsOf(user: ClientUser): Record<EditableField, string> {
  return {
    firstname: user.firstname ?? '',
    lastname: user.lastname ?? '',
    email: user.email ?? '',
    phonenumber: user.phonenumber ?? '',
  };
}

/** Only what changed is sent, so an untouched field can never be overwritten by a stale copy. */
export function changedDetails(user: ClientUser, values: FormValues): ModifyProfilePayload {
  const payload: ModifyProfilePayload = { id: user.id };
  const before = detailsOf(user);
  for (const { name } of FIELDS) {
    const value = (values[name] ?? '').trim();
    if (value !== before[name]) payload[name] = value;
  }
  return payload;
}

interface DetailsFormProps {
  user: ClientUser;
  /** True right after a save: the form was remounted with the saved values. */
  justSaved: boolean;
  onSaved: (user: ClientUser) => void;
}

export function DetailsForm({ user, justSaved, onSaved }: DetailsFormProps) {
  const { t } = useTranslation();
  const form = useForm<UserResponse>({
    rules: 'profile',
    initialValues: detailsOf(user),
    submit: (api, values) => api.modifyProfile(changedDetails(user, values)),
    onSuccess: (answer) => onSaved(answer.user),
  });
  const dirty = Object.keys(changedDetails(user, form.values)).length > 1;

  return (
    <form className="stack" noValidate aria-labelledby="profile-details-title" onSubmit={form.handleSubmit}>
      <h2 id="profile-details-title">{t('profile.details.title')}</h2>
      {FIELDS.map(({ name, ...input }) => (
        <FormField
          key={name}
          name={name}
          {...input}
          label={t(`account.fields.${name}`)}
          value={form.values[name] ?? ''}
          error={form.fieldErrors[name]}
          onChange={(value) => form.change(name, value)}
        />
      ))}
      <FormOutcome
        error={form.error}
        confirmation={justSaved && !dirty ? t('profile.details.saved') : null}
      />
      <SubmitButton
        label={t('profile.details.submit')}
        busyLabel={t('profile.details.submitting')}
        busy={form.submitting || form.succeeded}
      />
    </form>
  );
}
