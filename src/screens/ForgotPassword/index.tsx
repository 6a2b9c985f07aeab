import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MessageResponse } from '../../../contract/common';
import { useForm } from '../../app/use-form';
import { FormField } from '../../ui/FormField';
import { FormError, FormMessage } from '../../ui/FormMessage';
import { FormPage } from '../../ui/FormPage';
import { SubmitButton } from '../../ui/SubmitButton';

export default function ForgotPassword() {
  const { t } = useTranslation();
  const form = useForm<MessageResponse>({
    rules: 'forgot',
    initialValues: { email: '' },
    submit: (api, values) => api.forgotPassword({ email: (values.email ?? '').trim() }),
  });

  return (
    <FormPage
      title={t('account.forgot.title')}
      intro={form.succeeded ? undefined : <p>{t('account.forgot.intro')}</p>}
      footer={
        <>
          <Link href="/login-with-username">{t('account.forgot.backToLogin')}</Link>
          <Link href="/register">{t('account.login.noAccount')}</Link>
        </>
      }
    >
      {form.succeeded ? (
        // The same words whether or not the address has an account: nobody can probe who is registered.
        <div className="stack">
          <FormMessage tone="success">
            <p>{t('account.forgot.sent')}</p>
          </FormMessage>
          <p className="hint">{t('account.forgot.checkSpam')}</p>
        </div>
      ) : (
        <form className="stack" noValidate onSubmit={form.handleSubmit}>
          <FormField
            {...form.field('email')}
            type="email"
            inputMode="email"
            label={t('account.fields.email')}
            autoComplete="email"
          />
          <FormError message={form.error} />
          <SubmitButton
            label={t('account.forgot.submit')}
            busyLabel={t('account.forgot.submitting')}
            busy={form.submitting}
          />
        </form>
      )}
    </FormPage>
  );
}
