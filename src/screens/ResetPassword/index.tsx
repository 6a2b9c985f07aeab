import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MessageResponse } from '../../../contract/common';
import { useAppActors } from '../../app/actors-context';
import { useForm } from '../../app/use-form';
import { FormField } from '../../ui/FormField';
import { FormMessage } from '../../ui/FormMessage';
import { FormPage, FormPageOutcome } from '../../ui/FormPage';
import { SubmitButton } from '../../ui/SubmitButton';
import { useQuery } from '../LoginWithUsername/use-query';

export default function ResetPassword() {
  const { t } = useTranslation();
  const { navigate } = useAppActors();
  const token = new URLSearchParams(useQuery()).get('token')?.trim() ?? '';
  // FORM_RULES.reset checks that a password is there; that both copies agree is this screen's own check.
  const [confirmError, setConfirmError] = useState<string | undefined>(undefined);
  const form = useForm<MessageResponse>({
    rules: 'reset',
    initialValues: { password: '', passwordConfirm: '' },
    submit: (api, values) => api.resetPassword({ token, password: values.password ?? '' }),
    onSuccess: () => navigate('/login-with-username?note=passwordReset'),
  });

  if (!token) {
    return (
      <FormPageOutcome
        title={t('account.reset.title')}
        tone="error"
        message={t('account.reset.noToken')}
        next={{ href: '/forgotpassword', label: t('account.reset.askAgain') }}
      />
    );
  }

  return (
    <FormPage
      title={t('account.reset.title')}
      intro={<p>{t('account.reset.intro')}</p>}
      footer={<Link href="/login-with-username">{t('account.forgot.backToLogin')}</Link>}
    >
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const { password = '', passwordConfirm = '' } = form.values;
          const differ = password !== '' && password !== passwordConfirm;
          setConfirmError(differ ? 'validation.passwordsDiffer' : undefined);
          if (!differ) form.submit();
        }}
      >
        <FormField
          {...form.field('password')}
          type="password"
          label={t('account.fields.newPassword')}
          hint={t('account.fields.passwordHint')}
          autoComplete="new-password"
        />
        <FormField
          name="passwordConfirm"
          type="password"
          label={t('account.fields.confirmPassword')}
          autoComplete="new-password"
          value={form.values.passwordConfirm ?? ''}
          error={confirmError}
          onChange={(value) => {
            setConfirmError(undefined);
            form.change('passwordConfirm', value);
          }}
        />
        {form.error ? (
          <FormMessage tone="error">
            <p>{form.error}</p>
            <p>
              <Link href="/forgotpassword">{t('account.reset.askAgain')}</Link>
            </p>
          </FormMessage>
        ) : null}
        <SubmitButton
          label={t('account.reset.submit')}
          busyLabel={t('account.reset.submitting')}
          busy={form.submitting || form.succeeded}
        />
      </form>
    </FormPage>
  );
}
