import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PHONE_PREFIX } from '../../../machines/mobileMoney';
import { useForm } from '../../app/use-form';
import type { AuthResponse } from '../../services/api/types';
import { FormField } from '../../ui/FormField';
import { FormError } from '../../ui/FormMessage';
import { FormPage } from '../../ui/FormPage';
import { SubmitButton } from '../../ui/SubmitButton';
import { LoginNoteMessage } from '../LoginWithUsername/LoginNoteMessage';
import { loginNote, withNext } from '../LoginWithUsername/return-path';
import { useQuery } from '../LoginWithUsername/use-query';
import { useSignInAndReturn } from '../LoginWithUsername/use-sign-in';

/** SPEC.md §9: Cameroon's prefix, prefilled so the student only types their own number. */

export default function LoginWithPhone() {
  const { t } = useTranslation();
  const query = useQuery();
  const signInAndReturn = useSignInAndReturn();
  const form = useForm<AuthResponse>({
    rules: 'phoneLogin',
    initialValues: { phonenumber: PHONE_PREFIX, password: '' },
    submit: (api, values) =>
      api.loginWithPhone({ phonenumber: (values.phonenumber ?? '').trim(), password: values.password ?? '' }),
    onSuccess: signInAndReturn,
  });

  return (
    <FormPage
      title={t('account.phoneLogin.title')}
      intro={<p>{t('account.phoneLogin.intro')}</p>}
      footer={
        <>
          <Link href={withNext('/login-with-username', query)}>{t('account.phoneLogin.withUsername')}</Link>
          <Link href="/forgotpassword">{t('account.login.forgot')}</Link>
          <Link href={withNext('/register', query)}>{t('account.login.noAccount')}</Link>
        </>
      }
    >
      <form className="stack" noValidate onSubmit={form.handleSubmit}>
        <LoginNoteMessage note={loginNote(query)} />
        <FormField
          name="phonenumber"
          type="tel"
          inputMode="tel"
          label={t('account.fields.phonenumber')}
          hint={t('account.fields.phoneHint')}
          autoComplete="tel"
          value={form.values.phonenumber ?? ''}
          error={form.fieldErrors.phonenumber}
          onChange={(value) => form.change('phonenumber', value)}
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
