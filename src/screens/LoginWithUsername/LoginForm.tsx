import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AuthResponse } from '../../../contract/users';
import type { FormHandle } from '../../app/use-form';
import { FormField } from '../../ui/FormField';
import { FormError } from '../../ui/FormMessage';
import { FormPage } from '../../ui/FormPage';
import { SubmitButton } from '../../ui/SubmitButton';
import { LoginNoteMessage } from './LoginNoteMessage';
import { loginNote, withNext } from './return-path';
import { useQuery } from './use-query';

/**
 * The two sign-in screens (username or phone number): the field they differ by, then the password, the
 * error and the button; links to the other way in, a forgotten password and registration, each keeping the
 * page to return to.
 */
export function LoginForm({
  form,
  title,
  intro,
  otherWay,
  children,
}: {
  form: FormHandle<AuthResponse>;
  /** Already translated. */
  title: string;
  intro: string;
  otherWay: { path: string; label: string };
  /** The identifier field. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const query = useQuery();
  return (
    <FormPage
      title={title}
      intro={<p>{intro}</p>}
      footer={
        <>
          <Link href={withNext(otherWay.path, query)}>{otherWay.label}</Link>
          <Link href="/forgotpassword">{t('account.login.forgot')}</Link>
          <Link href={withNext('/register', query)}>{t('account.login.noAccount')}</Link>
        </>
      }
    >
      <form className="stack" noValidate onSubmit={form.handleSubmit}>
        <LoginNoteMessage note={loginNote(query)} />
        {children}
        <FormField
          {...form.field('password')}
          type="password"
          label={t('account.fields.password')}
          autoComplete="current-password"
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
