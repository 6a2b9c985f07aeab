import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';

interface PaymentWaitingProps {
  total: string;
  suspended: boolean;
  onResume: () => void;
  onAbandon: () => void;
}

/** While the provider waits for the student's approval on the phone, or after polling gave up for now. */
export function PaymentWaiting({ total, suspended, onResume, onAbandon }: PaymentWaitingProps) {
  const { t } = useTranslation();
  if (!suspended) {
    return (
      <div className="loader-overlay">
        <div className="loader" role="status" aria-live="polite">
          <span className="loader__spinner" aria-hidden="true" />
          <strong>{t('checkout.confirmOnPhone', { total })}</strong>
          <span className="loader__label">{t('checkout.confirmOnPhoneHint')}</span>
        </div>
      </div>
    );
  }
  return (
    <Modal title={t('checkout.stillWaiting')} closeLabel={t('common.close')} onClose={onAbandon}>
      <div className="stack">
        <p>{t('checkout.stillWaitingHint')}</p>
        <button type="button" className="btn btn--block" onClick={onResume}>
          {t('checkout.checkAgain')}
        </button>
        <button type="button" className="btn btn--block btn--ghost" onClick={onAbandon}>
          {t('checkout.later')}
        </button>
      </div>
    </Modal>
  );
}
