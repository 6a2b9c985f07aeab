import { useTranslation } from 'react-i18next';
import type { AuthResponse } from '../../../contract/users';
import { useForm } from '../../app/use-form';
import { FormField } from '../../ui/FormField';
import { LoginForm } from './LoginForm';
import { useSignInAndReturn } from './use-sign-in';

export default function LoginWithUsername() {
  const { t } = useTranslation();
  const signInAndReturn = useSignInAndReturn();
  const form = useForm<AuthResponse>({
    rules: 'login',
    initialValues: { username: '', password: '' },
    submit: (api, values) =>
      api.login({ username: (values.username ?? '').trim(), password: values.password ?? '' }),
    onSuccess: signInAndReturn,
  });

  return (
    <LoginForm
      form={form}
      title={t('account.login.title')}
      intro={t('account.login.intro')}
      otherWay={{ path: '/login-with-phone-number', label: t('account.login.withPhone') }}
    >
      <FormField {...form.field('username')} label={t('account.fields.username')} autoComplete="username" />
    </LoginForm>
  );
}
