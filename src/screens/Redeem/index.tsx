import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { selectUser } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import { useRedeemCode } from '../../app/use-redeem-code';
import { FormPage } from '../../ui/FormPage';
import { SignedOutNotice } from '../../ui/SignedOutNotice';
import { useQuery } from '../LoginWithUsername/use-query';
import { CODE_FIELD_MAX, RedeemCodeForm } from './RedeemCodeForm';

/**
 * What a card's link gives (`#/redeem?code=…`): only the characters a code may have. The login's return
 * path can leave a '?' after it.
 */
export function codeFromLink(query: string): string {
  return (new URLSearchParams(query).get('code') ?? '')
    .replace(/[^0-9A-Za-z -]/g, '')
    .slice(0, CODE_FIELD_MAX);
}

function RedeemForm({ initialCode }: { initialCode: string }) {
  const redeem = useRedeemCode(initialCode);
  return (
    <RedeemCodeForm
      code={redeem.code}
      problem={redeem.problem}
      error={redeem.error}
      checking={redeem.checking || redeem.redeemed}
      heldBack={redeem.heldBack}
      onChange={redeem.change}
      onSubmit={redeem.submit}
    />
  );
}

/** Issue 20: a student with an access code (a printed card, a class code) studies without Mobile Money. */
export default function Redeem() {
  const { t } = useTranslation();
  const { session } = useAppActors();
  const user = useSelector(session, selectUser);
  const code = codeFromLink(useQuery());
  const back = `/redeem${code ? `?code=${encodeURIComponent(code)}` : ''}`;
  return (
    <FormPage
      title={t('redeem.title')}
      intro={<p>{t('redeem.intro')}</p>}
      footer={<Link href="/dashboard/tabs/transactions">{t('redeem.history')}</Link>}
    >
      {user ? (
        <RedeemForm initialCode={code} />
      ) : (
        <SignedOutNotice
          message={t('redeem.signedOut')}
          loginLabel={t('redeem.logIn')}
          loginHref={`/login-with-username?next=${encodeURIComponent(back)}`}
        />
      )}
    </FormPage>
  );
}
