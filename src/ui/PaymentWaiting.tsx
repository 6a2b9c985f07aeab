import { useTranslation } from 'react-i18next';
import { Loader } from './Loader';

/**
 * While MTN waits for the student's approval on the phone: the blocking loader, so that, like every wait
 * that covers the screen, no toast or install banner is drawn over it (they step aside for dialogs).
 */
export function PaymentWaiting({ total }: { total: string }) {
  const { t } = useTranslation();
  return (
    <Loader
      overlay
      heading={t('checkout.confirmOnPhone', { total })}
      label={t('checkout.confirmOnPhoneHint')}
    />
  );
}
