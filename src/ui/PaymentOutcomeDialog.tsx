import { useTranslation } from 'react-i18next';
import type { PaymentOutcomeView } from '../../machines/mobileMoney';
import type { AlertAction } from './AlertDialog';
import { AlertDialog } from './AlertDialog';
import './payment-dialogs.css';

interface PaymentOutcomeDialogProps extends PaymentOutcomeView {
  /** docs/product.md §8's alert header, 'Hey {username}', already translated. */
  header: string;
  /** A payment not completed: a new one, the prompt again, or OK to leave it there. */
  onTryAgain: () => void;
  onOtherNumber: () => void;
  onDismiss: () => void;
  /** A pending payment: check it now, or leave it to the transactions tab. */
  onCheckAgain: () => void;
  onLater: () => void;
}

/**
 * A payment that did not complete, or that MTN has not answered (issue 18): docs/product.md §4's sentence with the
 * status in the student's language, then what happened, whether money was taken and what to do. A pending
 * payment is only checked again, never paid a second time: the first may still be approved.
 */
export function PaymentOutcomeDialog({
  header,
  outcome,
  phone,
  onTryAgain,
  onOtherNumber,
  onDismiss,
  onCheckAgain,
  onLater,
}: PaymentOutcomeDialogProps) {
  const { t } = useTranslation();
  const pending = outcome === 'pending';
  const actions: AlertAction[] = pending
    ? [{ label: t('checkout.checkAgain'), onClick: onCheckAgain }]
    : [
        { label: t('checkout.tryAgain'), onClick: onTryAgain },
        { label: t('checkout.otherNumber'), onClick: onOtherNumber },
      ];
  // A number that cannot pay is not helped by trying it again: another number comes first.
  if (outcome === 'numberCannotPay') actions.reverse();
  return (
    <AlertDialog
      header={header}
      message={t('messages.paymentNotCompleted', { status: t(`checkout.status.${outcome}`) })}
      okLabel={pending ? t('checkout.later') : t('common.ok')}
      onOk={pending ? onLater : onDismiss}
      actions={actions}
    >
      <div className="payment-outcome" data-outcome={outcome}>
        <p>{t(`checkout.outcome.${outcome}.what`, { phone })}</p>
        <p className="payment-outcome__money">{t(`checkout.outcome.${outcome}.money`)}</p>
        <p>{t(`checkout.outcome.${outcome}.next`)}</p>
      </div>
    </AlertDialog>
  );
}
