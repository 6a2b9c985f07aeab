import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SuccessResponse } from '../../../contract/common';
import { selectIsLoggedIn } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import { useForm } from '../../app/use-form';
import { FormField } from '../../ui/FormField';
import { FormError, FormMessage } from '../../ui/FormMessage';
import { FormPage, FormPageOutcome } from '../../ui/FormPage';
import { SignedOutNotice } from '../../ui/SignedOutNotice';
import { SubmitButton } from '../../ui/SubmitButton';

// What docs/api.md says the server erases and what it keeps; each is a key under account.delete.
const ERASED = ['erasedPersonal', 'erasedComments', 'erasedPush', 'erasedAccess'] as const;

export default function DeleteAccount() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const isLoggedIn = useSelector(session, selectIsLoggedIn);
  const form = useForm<SuccessResponse>({
    rules: 'deleteAccount',
    initialValues: { password: '' },
    submit: (api, values) => api.deleteAccount({ password: values.password ?? '' }),
    // The account is gone: this device forgets the session, its storage and caches too.
    onSuccess: () => session.send({ type: 'session.logout' }),
  });

  if (form.succeeded) {
    return (
      <FormPageOutcome
        title={t('account.delete.goodbyeTitle')}
        tone="success"
        message={t('account.delete.goodbye')}
        next={{ href: '/landing', label: t('account.delete.toLanding') }}
      />
    );
  }

  return (
    <FormPage
      title={t('account.delete.title')}
      footer={isLoggedIn ? <Link href="/profile">{t('account.backToProfile')}</Link> : undefined}
    >
      {isLoggedIn ? (
        <form className="stack" noValidate onSubmit={form.handleSubmit}>
          <FormMessage tone="info">
            <p>{t('account.delete.warning')}</p>
          </FormMessage>
          <h2>{t('account.delete.erasedTitle')}</h2>
          <ul>
            {ERASED.map((key) => (
              <li key={key}>{t(`account.delete.${key}`)}</li>
            ))}
          </ul>
          <h2>{t('account.delete.keptTitle')}</h2>
          <p>{t('account.delete.keptPayments')}</p>
          <FormField
            {...form.field('password')}
            type="password"
            label={t('account.delete.passwordLabel')}
            autoComplete="current-password"
          />
          <FormError message={form.error} />
          <SubmitButton
            label={t('account.delete.confirm')}
            busyLabel={t('account.delete.working')}
            busy={form.submitting}
            variant="danger"
          />
          <Link href="/profile" className="btn btn--block btn--secondary">
            {t('account.delete.keep')}
          </Link>
        </form>
      ) : (
        <SignedOutNotice
          message={t('account.needLogin')}
          loginLabel={t('account.login.submit')}
          loginHref="/login-with-username?next=/delete-account"
        />
      )}
    </FormPage>
  );
}
