import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useForm } from '../../app/use-form';
import type { AuthResponse } from '../../services/api/types';
import { FormField } from '../../ui/FormField';
import { FormError } from '../../ui/FormMessage';
import { FormPage } from '../../ui/FormPage';
import { SubmitButton } from '../../ui/SubmitButton';
import { LoginNoteMessage } from './LoginNoteMessage';
import { loginNote, withNext } from './return-path';
import { useQuery } from './use-query';
import { useSignInAndReturn } from './use-sign-in';

export default function LoginWithUsername() {
  const { t } = useTranslation();
  const query = useQuery();
  const signInAndReturn = useSignInAndReturn();
  const form = useForm<AuthResponse>({
    rules: 'login',
    initialValues: { username: '', password: '' },
    submit: (api, values) =>
      api.login({ username: (values.username ?? '').trim(), password: values.password ?? '' }),
    onSuccess: signInAndReturn,
  });

  return (
    <FormPage
      title={t('account.login.title')}
      intro={<p>{t('account.login.intro')}</p>}
      footer={
        <>
          <Link href={withNext('/login-with-phone-number', query)}>{t('account.login.withPhone')}</Link>
          <Link href="/forgotpassword">{t('account.login.forgot')}</Link>
          <Link href={withNext('/register', query)}>{t('account.login.noAccount')}</Link>
        </>
      }
    >
      <form className="stack" noValidate onSubmit={form.handleSubmit}>
        <LoginNoteMessage note={loginNote(query)} />
        <FormField
          name="username"
          label={t('account.fields.username')}
          autoComplete="username"
          value={form.values.username ?? ''}
          error={form.fieldErrors.username}
          onChange={(value) => form.change('username', value)}
        />
        <FormField
          name="password"
          type="password"
          label={t('account.fields.password')}
          autoComplete="current-password"
          value={form.values.password ?? ''}
          error={form.fieldErrors.password}
          onChange={(value) => form.change('password', value)}
        />
        <FormError message={form.error} />
        <SubmitButton
          label={t('account.login.submit')}
          busyLabel={t('account.login.submitting')}
          busy={form.submitting || form.succeeded}
        />
      </form>
    </FormPage>
  );
}
