import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SuccessResponse } from '../../../contract/common';
import { selectIsLoggedIn } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import { useForm } from '../../app/use-form';
import { FormError } from '../../ui/FormMessage';
import { FormPage } from '../../ui/FormPage';
import { SignedOutNotice } from '../../ui/SignedOutNotice';
import { SubmitButton } from '../../ui/SubmitButton';

export default function LogoutAllDevices() {
  const { t } = useTranslation();
  const { session, navigate } = useAppActors();
  const isLoggedIn = useSelector(session, selectIsLoggedIn);
  const form = useForm<SuccessResponse>({
    // A confirmation has no fields; the profile rules accept an empty form.
    rules: 'profile',
    initialValues: {},
    submit: (api) => api.logoutAllDevices(),
    onSuccess: () => {
      // Every token is revoked on the server; this device then forgets its own (storage and caches).
      session.send({ type: 'session.logout' });
      navigate('/login-with-username?note=loggedOutEverywhere');
    },
  });

  return (
    <FormPage
      title={t('account.logoutAll.title')}
      footer={isLoggedIn ? <Link href="/profile">{t('account.backToProfile')}</Link> : undefined}
    >
      {isLoggedIn || form.succeeded ? (
        <form className="stack" onSubmit={form.handleSubmit}>
          <p>{t('account.logoutAll.explain')}</p>
          <ul>
            <li>{t('account.logoutAll.effectOthers')}</li>
            <li>{t('account.logoutAll.effectThis')}</li>
            <li>{t('account.logoutAll.effectKept')}</li>
          </ul>
          <p className="hint">{t('account.logoutAll.when')}</p>
          <FormError message={form.error} />
          <SubmitButton
            label={t('account.logoutAll.confirm')}
            busyLabel={t('account.logoutAll.working')}
            busy={form.submitting || form.succeeded}
            variant="danger"
          />
        </form>
      ) : (
        <SignedOutNotice
          message={t('account.needLogin')}
          loginLabel={t('account.login.submit')}
          loginHref="/login-with-username?next=/logout-from-all-devices"
        />
      )}
    </FormPage>
  );
}
