import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Subject } from '../../../contract/catalogue';
import type { Payment } from '../../../contract/payments';
import type { PaymentStanding } from '../../../contract/rules/payment-outcome';
import { paymentStanding } from '../../../contract/rules/payment-outcome';
import { selectIsPayingWithMobileMoney, selectIsSubmitting } from '../../../machines/checkout';
import { selectUser } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import { useLazy, useOptionalSelector } from '../../app/lazy-load';
import { useResource } from '../../app/use-resource';
import { formatFcfa } from '../../rules/money';
import { formatDate } from '../../ui/DateText';
import { LoadFailure, SavedCopyNote } from '../../ui/OfflineStates';
import { EmptyState, Skeleton } from '../../ui/States';
import { catalogueHref } from '../SectionVideos/sections';
import { OrderLine } from './OrderLine';
import { pendingPaymentOf } from './pending-payment';
import '../../ui/badge.css';

interface TransactionsData {
  payments: Payment[];
  subjects: Subject[];
}

/** A payment's status named in the student's language (issue 18), coloured by where it stands. */
const BADGE: Record<PaymentStanding, string> = {
  successful: 'badge badge--success',
  pending: 'badge badge--warning',
  refused: 'badge badge--danger',
  expired: 'badge badge--danger',
  numberCannotPay: 'badge badge--danger',
  failed: 'badge badge--danger',
};

/** dashboard/tabs/transactions: the student's payments, newest first, with a resume for a pending one. */
export function Transactions() {
  const { t } = useTranslation();
  const { checkout, session, now, ui, describeError } = useAppActors();
  const user = useSelector(session, selectUser);
  // The checkout's code comes with this tab: a pending payment here may be resumed.
  const checkoutActor = useLazy(checkout, { load: true });
  const checkoutBusy = useOptionalSelector(
    checkoutActor,
    (snapshot) => selectIsPayingWithMobileMoney(snapshot) || selectIsSubmitting(snapshot),
    false,
  );
  // Kept on the device for the account (issue 18): offline, the student can still show a payment as proof.
  const resource = useResource<TransactionsData>(
    async (api) => {
      const [payments, subjects] = await Promise.all([
        api.fetchTransactions(),
        // Titles are on the payments; the catalogue only adds prices and pictures for a resumed payment.
        api.fetchSubjects().catch((): Subject[] => []),
      ]);
      return { payments, subjects };
    },
    undefined,
    { keep: 'transactions' },
  );

  // When a payment the student resumed settles, the list is read again to show its new status.
  const wasBusy = useRef(checkoutBusy);
  const { reload } = resource;
  useEffect(() => {
    if (wasBusy.current && !checkoutBusy) reload();
    wasBusy.current = checkoutBusy;
  }, [checkoutBusy, reload]);

  const resume = (payment: Payment) => {
    if (!user || !resource.data) return;
    const pending = pendingPaymentOf(payment, resource.data.subjects, now());
    checkout
      .load()
      .then((actor) => actor.send({ type: 'checkout.resume', pending, user, now: now() }))
      .catch((error: unknown) =>
        ui.showAlert({ key: 'serverMessage', params: { message: describeError(error) } }),
      );
  };

  if (resource.loading) return <Skeleton label={t('transactions.loading')} rows={3} />;
  if (resource.error !== null) return <LoadFailure resource={resource} />;
  const payments = resource.data?.payments ?? [];
  // A copy from the device: a pending payment is checked again only with a connection.
  const fromCopy = resource.savedAt !== null;
  if (payments.length === 0) {
    return (
      <EmptyState
        title={t('transactions.emptyTitle')}
        message={t('transactions.emptyMessage')}
        action={
          <Link href={catalogueHref()} className="btn">
            {t('transactions.browse')}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <SavedCopyNote resource={resource} />
      <ul className="payments" aria-label={t('routes.transactions')}>
        {payments.map((payment) => (
          <li key={payment.referenceId}>
            <PaymentRow
              payment={payment}
              resume={fromCopy ? 'needsConnection' : checkoutBusy ? 'busy' : 'ready'}
              onResume={() => resume(payment)}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

interface PaymentRowProps {
  payment: Payment;
  /** Whether a pending payment can be checked again now: not while one is checked, nor from a copy. */
  resume: 'ready' | 'busy' | 'needsConnection';
  onResume: () => void;
}

const RESUME_HINT = {
  ready: 'transactions.resumeHint',
  busy: 'transactions.checking',
  needsConnection: 'offline.resumeNeedsConnection',
} as const;

function PaymentRow({ payment, resume, onResume }: PaymentRowProps) {
  const { t, i18n } = useTranslation();
  const standing = paymentStanding(payment);
  // A shop order (issue 8): its product line instead of subjects, resumed from the product's page.
  const order = payment.kind === 'order' ? (payment.order ?? null) : null;
  // An access code redeemed (issue 20): its batch and until when, nothing paid.
  const redemption = payment.kind === 'code' ? (payment.redemption ?? null) : null;
  const headingId = `payment-${payment.referenceId}`;
  return (
    <article className="payment" aria-labelledby={headingId}>
      <header className="payment__header">
        <h2 id={headingId} className="payment__amount">
          {redemption ? t('transactions.code.title') : formatFcfa(payment.totalCost, i18n.language)}
        </h2>
        <span className={BADGE[standing]} data-testid="payment-status">
          {t(`checkout.status.${standing}`)}
        </span>
      </header>
      <p className="payment__date">
        <time dateTime={payment.createdAt}>{formatDate(payment.createdAt, i18n.language)}</time>
        {payment.msisdn ? ` · ${t('transactions.phone', { phone: payment.msisdn })}` : ''}
      </p>
      {order ? (
        <OrderLine order={order} referenceId={payment.referenceId} pending={payment.status === 'PENDING'} />
      ) : (
        <ul className="payment__items" aria-label={t('transactions.items')}>
          {payment.items.map((item) => (
            <li key={item.subjectId}>
              <span>{item.subjectTitle ?? t('transactions.unknownSubject')}</span>
              <span className="payment__qty">
                {redemption
                  ? t('transactions.code.days', { count: redemption.days })
                  : t('transactions.periods', { count: item.amount })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {standing !== 'successful' && standing !== 'pending' ? (
        <p className="payment__reason">{t(`transactions.reasons.${standing}`)}</p>
      ) : null}
      {payment.status === 'PENDING' && !order ? (
        <div className="payment__resume">
          <p className="hint">{t(RESUME_HINT[resume])}</p>
          <button type="button" className="btn" onClick={onResume} disabled={resume !== 'ready'}>
            {t('transactions.resume')}
          </button>
        </div>
      ) : null}
      {redemption ? (
        <p className="payment__code" data-testid="redemption">
          {t('transactions.code.from', {
            batch: redemption.batch,
            date: formatDate(redemption.until, i18n.language),
          })}
        </p>
      ) : (
        <p className="payment__ref">{t('transactions.reference', { reference: payment.externalId })}</p>
      )}
    </article>
  );
}
