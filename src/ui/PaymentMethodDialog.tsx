import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';

interface PaymentMethodDialogProps {
  total: string;
  onMtn: () => void;
  onOrange: () => void;
  onCancel: () => void;
}

export function PaymentMethodDialog({ total, onMtn, onOrange, onCancel }: PaymentMethodDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal title={t('checkout.chooseMethod')} closeLabel={t('common.close')} onClose={onCancel}>
      <p>{t('checkout.amountToPay', { total })}</p>
      <div className="stack">
        <button type="button" className="btn btn--block btn--mtn" onClick={onMtn}>
          {t('checkout.mtn')}
        </button>
        <button type="button" className="btn btn--block btn--secondary" onClick={onOrange}>
          {t('checkout.orange')}
        </button>
        <button type="button" className="btn btn--block btn--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}
