import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { selectIsPayingWithMobileMoney, selectIsSubmitting } from '../../../machines/checkout';
import { selectUser } from '../../../machines/session';
import { useAppActors } from '../../app/actors-context';
import { useLazy, useOptionalSelector } from '../../app/lazy-load';
import { useResource } from '../../app/use-resource';
import type { Payment, Subject } from '../../services/api/types';
import { formatFcfa } from '../../services/money';
import { formatDate } from '../../ui/DateText';
import { EmptyState, ErrorState, Skeleton } from '../../ui/States';
import { catalogueHref } from '../SectionVideos/sections';
import { OrderLine } from './OrderLine';
import { pendingPaymentOf } from './pending-payment';
import '../../ui/badge.css';

interface TransactionsData {
  payments: Payment[];
  subjects: Subject[];
}

const KNOWN_STATUSES = ['PENDING', 'SUCCESSFUL', 'FAILED'] as const;
const KNOWN_REASONS = ['APPROVAL_REJECTED', 'EXPIRED', 'PAYER_NOT_FOUND', 'NOT_ENOUGH_FUNDS'] as const;

const BADGE: Record<string, string> = {
  PENDING: 'badge badge--warning',
  SUCCESSFUL: 'badge badge--success',
  FAILED: 'badge badge--danger',
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
  const resource = useResource<TransactionsData>(async (api) => {
    const [payments, subjects] = await Promise.all([
      api.fetchTransactions(),
      // Titles are on the payments; the catalogue only adds prices and pictures for a resumed payment.
      api.fetchSubjects().catch((): Subject[] => []),
    ]);
    return { payments, subjects };
  });

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
  if (resource.error) {
    return <ErrorState message={resource.error} retryLabel={t('common.retry')} onRetry={resource.retry} />;
  }
  const payments = resource.data?.payments ?? [];
  if (payments.length === 0) {
    return (
      <EmptyState
        title={t('transactions.emptyTitle')}
        message={t('transactions.emptyMessage')}
        action={
          <Link href={catalogueHref('anglophone')} className="btn">
            {t('transactions.browse')}
          </Link>
        }
      />
    );
  }
  return (
    <ul className="payments" aria-label={t('routes.transactions')}>
      {payments.map((payment) => (
        <li key={payment.referenceId}>
          <PaymentRow payment={payment} resumeDisabled={checkoutBusy} onResume={() => resume(payment)} />
        </li>
      ))}
    </ul>
  );
}

interface PaymentRowProps {
  payment: Payment;
  resumeDisabled: boolean;
  onResume: () => void;
}

function PaymentRow({ payment, resumeDisabled, onResume }: PaymentRowProps) {
  const { t, i18n } = useTranslation();
  const known = (KNOWN_STATUSES as readonly string[]).includes(payment.status);
  const reason = payment.reason;
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
        <span className={BADGE[payment.status] ?? 'badge'} data-testid="payment-status">
          {known
            ? t(`transactions.status.${payment.status}`)
            : t('transactions.status.other', { status: payment.status })}
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
      {payment.status === 'FAILED' && reason ? (
        <p className="payment__reason">
          {(KNOWN_REASONS as readonly string[]).includes(reason)
            ? t(`transactions.reasons.${reason}`)
            : t('transactions.reason', { reason })}
        </p>
      ) : null}
      {payment.status === 'PENDING' && !order ? (
        <div className="payment__resume">
          <p className="hint">{t(resumeDisabled ? 'transactions.checking' : 'transactions.resumeHint')}</p>
          <button type="button" className="btn" onClick={onResume} disabled={resumeDisabled}>
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
