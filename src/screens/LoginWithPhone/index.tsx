import { useTranslation } from 'react-i18next';
import { PHONE_PREFIX } from '../../../contract/rules/payer-phone';
import type { AuthResponse } from '../../../contract/users';
import { useForm } from '../../app/use-form';
import { FormField } from '../../ui/FormField';
import { LoginForm } from '../LoginWithUsername/LoginForm';
import { useSignInAndReturn } from '../LoginWithUsername/use-sign-in';

export default function LoginWithPhone() {
  const { t } = useTranslation();
  const signInAndReturn = useSignInAndReturn();
  const form = useForm<AuthResponse>({
    rules: 'phoneLogin',
    // docs/product.md §9: Cameroon's prefix, prefilled so the student only types their own number.
    initialValues: { phonenumber: PHONE_PREFIX, password: '' },
    submit: (api, values) =>
      api.loginWithPhone({ phonenumber: (values.phonenumber ?? '').trim(), password: values.password ?? '' }),
    onSuccess: signInAndReturn,
  });

  return (
    <LoginForm
      form={form}
      title={t('account.phoneLogin.title')}
      intro={t('account.phoneLogin.intro')}
      otherWay={{ path: '/login-with-username', label: t('account.phoneLogin.withUsername') }}
    >
      <FormField
        {...form.field('phonenumber')}
        type="tel"
        inputMode="tel"
        label={t('account.fields.phonenumber')}
        hint={t('account.fields.phoneHint')}
        autoComplete="tel"
      />
    </LoginForm>
  );
}
