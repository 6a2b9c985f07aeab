import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';
import './badge.css';
import './payment-dialogs.css';

interface PaymentMethodDialogProps {
  total: string;
  onMtn: () => void;
  onOrange: () => void;
  onCancel: () => void;
}

/**
 * MTN Mobile Money is the way to pay; Orange Money is shown as not available yet before it is tapped
 * (issue 18), and tapping it still says so (docs/product.md §4's alert).
 */
export function PaymentMethodDialog({ total, onMtn, onOrange, onCancel }: PaymentMethodDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal title={t('checkout.chooseMethod')} closeLabel={t('common.close')} onClose={onCancel}>
      <p>{t('checkout.amountToPay', { total })}</p>
      <div className="stack">
        <button type="button" className="btn btn--block btn--mtn" onClick={onMtn}>
          {t('checkout.mtn')}
        </button>
        {/* Not aria-disabled: the tap is still answered, with the alert; its name says "coming soon". */}
        <button type="button" className="btn btn--block payment-method--unavailable" onClick={onOrange}>
          <span>{t('checkout.orange')}</span>{' '}
          <span className="badge badge--warning">{t('checkout.comingSoon')}</span>
        </button>
        <button type="button" className="btn btn--block btn--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}
