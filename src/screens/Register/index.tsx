import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PHONE_PREFIX } from '../../../contract/rules/payer-phone';
import type { AuthResponse } from '../../../contract/users';
import { useAppActors } from '../../app/actors-context';
import { useForm } from '../../app/use-form';
import { FormError, FormMessage } from '../../ui/FormMessage';
import { FormPage } from '../../ui/FormPage';
import { SubmitButton } from '../../ui/SubmitButton';
import { withNext } from '../LoginWithUsername/return-path';
import { useQuery } from '../LoginWithUsername/use-query';
import { useSignInAndReturn } from '../LoginWithUsername/use-sign-in';
import { RegisterFields } from './RegisterFields';
import type { RegisterOutcome } from './register-then-log-in';
import { registerThenLogIn } from './register-then-log-in';

export default function Register() {
  const { t } = useTranslation();
  const { navigate } = useAppActors();
  const query = useQuery();
  const signInAndReturn = useSignInAndReturn();
  const form = useForm<RegisterOutcome>({
    rules: 'register',
    initialValues: {
      firstname: '',
      lastname: '',
      email: '',
      username: '',
      password: '',
      // docs/product.md §9: phone numbers start with Cameroon's 237.
      phonenumber: PHONE_PREFIX,
    },
    submit: registerThenLogIn,
    onSuccess: (outcome) => {
      if (outcome.kind === 'signedIn') signInAndReturn(outcome.answer satisfies AuthResponse);
      // The account exists but the automatic login did not go through: log in by hand, nothing to retype twice.
      else navigate(withNext('/login-with-username', query, { note: 'registered' }));
    },
  });
  const hasFieldErrors = Object.keys(form.fieldErrors).length > 0;

  return (
    <FormPage
      title={t('account.register.title')}
      intro={<p>{t('account.register.intro')}</p>}
      footer={
        <>
          <span>{t('account.register.haveAccount')}</span>
          <Link href={withNext('/login-with-username', query)}>{t('account.register.toLogin')}</Link>
          <Link href="/privacy-policy">{t('account.register.privacy')}</Link>
        </>
      }
    >
      <form className="stack" noValidate onSubmit={form.handleSubmit}>
        <RegisterFields values={form.values} errors={form.fieldErrors} onChange={form.change} />
        {hasFieldErrors ? (
          <FormMessage tone="error">
            <p>{t('validation.fixErrors')}</p>
          </FormMessage>
        ) : null}
        <FormError message={form.error} />
        <SubmitButton
          label={t('account.register.submit')}
          busyLabel={t('account.register.submitting')}
          busy={form.submitting || form.succeeded}
        />
      </form>
    </FormPage>
  );
}
