import { useTranslation } from 'react-i18next';
import type { ClientUser, PasswordChangedResponse } from '../../../contract/users';
import { useForm } from '../../app/use-form';
import { FormField } from '../../ui/FormField';
import { FormOutcome } from '../../ui/FormMessage';
import { SubmitButton } from '../../ui/SubmitButton';

interface PasswordFormProps {
  user: ClientUser;
  justChanged: boolean;
  onChanged: (token: string | undefined) => void;
}

export function PasswordForm({ user, justChanged, onChanged }: PasswordFormProps) {
  const { t } = useTranslation();
  const form = useForm<PasswordChangedResponse>({
    rules: 'passwordChange',
    initialValues: { oldPassword: '', newPassword: '' },
    submit: (api, values) =>
      api.changePassword({
        id: user.id,
        oldPassword: values.oldPassword ?? '',
        newPassword: values.newPassword ?? '',
      }),
    onSuccess: (answer) => onChanged(answer.token),
  });
  const typing = Boolean(form.values.oldPassword || form.values.newPassword);

  return (
    <form className="stack" noValidate aria-labelledby="profile-password-title" onSubmit={form.handleSubmit}>
      <h2 id="profile-password-title">{t('profile.password.title')}</h2>
      <p className="hint">{t('profile.password.intro')}</p>
      {/* Lets password managers file the new password under the right account. */}
      <input type="hidden" name="username" autoComplete="username" value={user.username} />
      <FormField
        {...form.field('oldPassword')}
        type="password"
        label={t('profile.password.old')}
        autoComplete="current-password"
      />
      <FormField
        {...form.field('newPassword')}
        type="password"
        label={t('profile.password.new')}
        hint={t('account.fields.passwordHint')}
        autoComplete="new-password"
      />
      <FormOutcome
        error={form.error}
        confirmation={justChanged && !typing ? t('profile.password.changed') : null}
      />
      <SubmitButton
        label={t('profile.password.submit')}
        busyLabel={t('profile.password.submitting')}
        busy={form.submitting || form.succeeded}
      />
    </form>
  );
}
