import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import './order.css';

export interface OrderConfirmationProps {
  title: string;
  quantity: number;
  town: string;
  /** Already formatted in FCFA. */
  total: string;
  /** The transactions tab, where the order stays listed with its status. */
  ordersHref: string;
  onOrderAgain: () => void;
}

/** A paid order, confirmed on the product's page: what, how many, for how much, delivered where. */
export function OrderConfirmation(props: OrderConfirmationProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="order order--paid" aria-labelledby={id} aria-live="polite">
      <h2 id={id}>{t('order.paidTitle')}</h2>
      <p>
        {t('order.paidMessage', {
          quantity: props.quantity,
          title: props.title,
          total: props.total,
          town: props.town,
        })}
      </p>
      <div className="stack">
        <Link href={props.ordersHref} className="btn btn--block">
          {t('order.seeOrders')}
        </Link>
        <button type="button" className="btn btn--block btn--secondary" onClick={props.onOrderAgain}>
          {t('order.orderAgain')}
        </button>
      </div>
    </section>
  );
}
