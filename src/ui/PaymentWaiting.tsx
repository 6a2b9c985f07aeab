import { useTranslation } from 'react-i18next';

/** While MTN waits for the student's approval on the phone. */
export function PaymentWaiting({ total }: { total: string }) {
  const { t } = useTranslation();
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
