import { useTranslation } from 'react-i18next';
import type { CartItem } from '../../contract/payments';
import { formatFcfa } from '../rules/money';
import './cart.css';
import { lineTotal } from '../../contract/rules/prices';
import { HaveCodeLink } from './HaveCodeLink';
import { Modal } from './Modal';

interface CartModalProps {
  items: readonly CartItem[];
  subtotal: number;
  total: number;
  onClose: () => void;
  onRemove: (id: string) => void;
  onIncrease: (item: CartItem) => void;
  onDecrease: (id: string) => void;
  onMakePayment: () => void;
  /** Issue 20: "I have a code" instead of paying. */
  onHaveCode: () => void;
}

/** docs/product.md §2 "Cart modal": title and close; empty state; lines with picture, title, price × amount, remove; totals; pay. */
export function CartModal({
  items,
  subtotal,
  total,
  onClose,
  onRemove,
  onIncrease,
  onDecrease,
  onMakePayment,
  onHaveCode,
}: CartModalProps) {
  const { t, i18n } = useTranslation();
  const fcfa = (n: number) => formatFcfa(n, i18n.language);

  return (
    <Modal
      title={t('cart.title')}
      closeLabel={t('common.close')}
      onClose={onClose}
      footer={
        items.length > 0 ? (
          <div className="cart__totals">
            <dl>
              <div>
                <dt>{t('cart.subtotal')}</dt>
                <dd data-testid="cart-subtotal">{fcfa(subtotal)}</dd>
              </div>
              <div className="cart__total">
                <dt>{t('cart.total')}</dt>
                <dd data-testid="cart-total">{fcfa(total)}</dd>
              </div>
            </dl>
            <button type="button" className="btn btn--block" onClick={onMakePayment}>
              {t('cart.makePayment')}
            </button>
            <HaveCodeLink onOpen={onHaveCode} block />
          </div>
        ) : (
          <HaveCodeLink onOpen={onHaveCode} block />
        )
      }
    >
      {items.length === 0 ? (
        <div className="cart__empty">
          <h3>{t('cart.emptyTitle')}</h3>
          <p>{t('cart.emptyMessage')}</p>
        </div>
      ) : (
        <ul className="cart__list">
          {items.map((item) => (
            <li key={item._id} className="cart__item">
              <img src={item.pictureurl} alt="" width={56} height={56} loading="lazy" />
              <div className="cart__info">
                <span className="cart__name">{item.subjectTitle}</span>
                <span className="cart__price">{fcfa(lineTotal(item))}</span>
                <fieldset className="cart__qty">
                  <legend className="visually-hidden">
                    {t('cart.quantityOf', { title: item.subjectTitle })}
                  </legend>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    aria-label={t('cart.decrease', { title: item.subjectTitle })}
                    onClick={() => onDecrease(item._id)}
                  >
                    −
                  </button>
                  <output aria-live="polite">{item.amount}</output>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    aria-label={t('cart.increase', { title: item.subjectTitle })}
                    onClick={() => onIncrease(item)}
                  >
                    +
                  </button>
                </fieldset>
              </div>
              <button
                type="button"
                className="btn btn--ghost cart__remove"
                aria-label={t('cart.remove', { title: item.subjectTitle })}
                onClick={() => onRemove(item._id)}
              >
                {t('cart.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
