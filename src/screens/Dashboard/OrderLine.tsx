import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { OrderLineView } from '../../../contract/payments';

const ORDER_STATUSES = ['RESERVED', 'PAID', 'RELEASED', 'PAID_OUT_OF_STOCK'] as const;

/** Where a pending order is watched again: its product's page, which resumes the same payment. */
export function resumeOrderHref(productId: string, referenceId: string): string {
  return `/product-details/${encodeURIComponent(productId)}?order=${encodeURIComponent(referenceId)}`;
}

interface OrderLineProps {
  order: OrderLineView;
  referenceId: string;
  /** The payment is still PENDING: the student can go and watch it again. */
  pending: boolean;
}

/** A shop order in the transactions tab: the product, quantity, delivery town, and what became of it. */
export function OrderLine({ order, referenceId, pending }: OrderLineProps) {
  const { t, i18n } = useTranslation();
  const title = order.title[i18n.language === 'fr' ? 'fr' : 'en'];
  const known = (ORDER_STATUSES as readonly string[]).includes(order.status);
  return (
    <>
      <ul className="payment__items" aria-label={t('order.bought')}>
        <li>
          <span>{title}</span>
          <span className="payment__qty">{t('order.quantityOf', { count: order.quantity })}</span>
        </li>
      </ul>
      <p className="payment__order">
        <span>{t('order.deliverTo', { town: order.town })}</span>
        {' · '}
        <span data-testid="order-status">
          {known ? t(`order.status.${order.status}`) : t('order.status.other', { status: order.status })}
        </span>
      </p>
      {pending ? (
        <div className="payment__resume">
          <p className="hint">{t('order.resumeHint')}</p>
          <Link href={resumeOrderHref(order.productId, referenceId)} className="btn">
            {t('transactions.resume')}
          </Link>
        </div>
      ) : null}
    </>
  );
}
