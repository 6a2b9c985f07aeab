import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderFieldErrors } from '../../machines/orderCheckout';
import { FormField } from './FormField';
import './order.css';

export interface OrderFormProps {
  title: string;
  quantity: number;
  /** What may be ordered at most (0: out of stock). */
  maxQuantity: number;
  town: string;
  errors: OrderFieldErrors;
  /** Already formatted in FCFA. */
  total: string;
  /** A payment is under way: nothing can be changed. */
  busy: boolean;
  onIncrease: () => void;
  onDecrease: () => void;
  onTownChange: (town: string) => void;
  onBuy: () => void;
}

/** The order of one product: quantity (1 to what is in stock), delivery town, total, and Buy. */
export function OrderForm(props: OrderFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const { errors, busy } = props;
  return (
    <section className="order" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('order.title')}</h2>
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onBuy();
        }}
      >
        <fieldset className="order__qty" disabled={busy}>
          <legend>{t('order.quantity')}</legend>
          <button
            type="button"
            className="btn btn--secondary"
            aria-label={t('order.decrease', { title: props.title })}
            disabled={props.quantity <= 1}
            onClick={props.onDecrease}
          >
            −
          </button>
          <output aria-live="polite">{props.quantity}</output>
          <button
            type="button"
            className="btn btn--secondary"
            aria-label={t('order.increase', { title: props.title })}
            disabled={props.quantity >= props.maxQuantity}
            onClick={props.onIncrease}
          >
            +
          </button>
          {props.maxQuantity > 0 ? (
            <small className="hint">{t('order.maxHint', { count: props.maxQuantity })}</small>
          ) : null}
        </fieldset>
        <FormField
          name="town"
          label={t('order.town')}
          hint={t('order.townHint')}
          value={props.town}
          error={errors.town}
          autoComplete="address-level2"
          maxLength={60}
          disabled={busy}
          onChange={props.onTownChange}
        />
        <p className="order__total" data-testid="order-total">
          {t('order.total', { total: props.total })}
        </p>
        {errors.quantity ? (
          <p className="form-field__error" role="alert">
            {t(errors.quantity)}
          </p>
        ) : null}
        <button type="submit" className="btn btn--block btn--mtn" disabled={busy}>
          {t('order.buy')}
        </button>
      </form>
    </section>
  );
}
