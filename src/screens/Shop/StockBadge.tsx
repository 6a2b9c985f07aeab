import { useTranslation } from 'react-i18next';
import '../../ui/badge.css';

/** Few left under this: the student is told how many. */
export const LOW_STOCK = 5;

export function StockBadge({ stock }: { stock: number }) {
  const { t } = useTranslation();
  if (stock <= 0) return <span className="badge badge--danger">{t('shop.outOfStock')}</span>;
  if (stock <= LOW_STOCK)
    return <span className="badge badge--warning">{t('shop.fewLeft', { count: stock })}</span>;
  return <span className="badge badge--success">{t('shop.inStock', { count: stock })}</span>;
}
