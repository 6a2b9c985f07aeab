import { useTranslation } from 'react-i18next';
import '../../ui/badge.css';

/** Under a subject already in the cart: how many, and a way to open the cart. */
export function InCartNote({ amount, onOpenCart }: { amount: number; onOpenCart: () => void }) {
  const { t } = useTranslation();
  if (amount < 1) return null;
  return (
    <>
      <span className="badge badge--success">{t('catalogue.inCart', { count: amount })}</span>
      <button type="button" className="link-button" onClick={onOpenCart}>
        {t('catalogue.viewCart')}
      </button>
    </>
  );
}
