import { useTranslation } from 'react-i18next';
import { formatFcfa } from '../rules/money';

/** A price as students read it: '2 500 FCFA', or 'Free' for a subject that costs nothing. */
export function PriceTag({ amount, className = 'price-tag' }: { amount: number; className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <span className={className} data-testid="price">
      {amount > 0 ? formatFcfa(amount, i18n.language) : t('catalogue.free')}
    </span>
  );
}
