import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectPaymentAmount } from '../../machines/mobileMoney';
import type { OrderMobileMoneyRef } from '../../machines/orderCheckout';
import {
  selectConfirmedOrder,
  selectIsChoosingOrderMethod,
  selectIsOrderBusy,
  selectIsOrderLoaderVisible,
  selectMaxQuantity,
  selectOrderErrors,
  selectOrderMobileMoneyRef,
  selectOrderQuantity,
  selectOrderTotal,
  selectOrderTown,
} from '../../machines/orderCheckout';
import { formatFcfa } from '../rules/money';
import { Loader } from '../ui/Loader';
import { OrderConfirmation } from '../ui/OrderConfirmation';
import { OrderForm } from '../ui/OrderForm';
import { PaymentMethodDialog } from '../ui/PaymentMethodDialog';
import { useAppActors } from './actors-context';
import { MobileMoneyStep } from './CheckoutFlow';
import type { OrderCheckoutActor } from './use-order-checkout';

export const ORDERS_HREF = '/dashboard/tabs/transactions';

/**
 * The order checkout machine on the product's page: the form, then the same dialogs as the cart's checkout
 * (method, phone, "confirm on your phone", "still waiting"), then the confirmation of a paid order.
 */
export function OrderCheckoutFlow({ actor, title }: { actor: OrderCheckoutActor; title: string }) {
  const { now } = useAppActors();
  const { t, i18n } = useTranslation();
  const fcfa = (amount: number) => formatFcfa(amount, i18n.language);
  const quantity = useSelector(actor, selectOrderQuantity);
  const maxQuantity = useSelector(actor, selectMaxQuantity);
  const town = useSelector(actor, selectOrderTown);
  const errors = useSelector(actor, selectOrderErrors);
  const total = fcfa(useSelector(actor, selectOrderTotal));
  const busy = useSelector(actor, selectIsOrderBusy);
  const choosing = useSelector(actor, selectIsChoosingOrderMethod);
  const mobileMoney = useSelector(actor, selectOrderMobileMoneyRef);
  const loaderVisible = useSelector(actor, selectIsOrderLoaderVisible);
  const confirmed = useSelector(actor, selectConfirmedOrder);

  if (confirmed) {
    return (
      <OrderConfirmation
        title={confirmed.title}
        quantity={confirmed.quantity}
        town={confirmed.town}
        total={fcfa(confirmed.totalCost)}
        ordersHref={ORDERS_HREF}
        onOrderAgain={() => actor.send({ type: 'order.dismiss' })}
      />
    );
  }
  return (
    <>
      <OrderForm
        title={title}
        quantity={quantity}
        maxQuantity={maxQuantity}
        town={town}
        errors={errors}
        total={total}
        busy={busy}
        onIncrease={() => actor.send({ type: 'order.increase' })}
        onDecrease={() => actor.send({ type: 'order.decrease' })}
        onTownChange={(value) => actor.send({ type: 'order.townChanged', town: value })}
        onBuy={() => actor.send({ type: 'order.buy' })}
      />
      {choosing ? (
        <PaymentMethodDialog
          total={total}
          onMtn={() => actor.send({ type: 'order.chooseMtn', now: now() })}
          onOrange={() => actor.send({ type: 'order.chooseOrange' })}
          onCancel={() => actor.send({ type: 'order.cancel' })}
        />
      ) : null}
      {mobileMoney ? <OrderPayment actor={mobileMoney} now={now} /> : null}
      {loaderVisible ? <Loader overlay label={t('order.confirming')} /> : null}
    </>
  );
}

/** The payment's own amount: a resumed order is shown at what it was placed for, whatever the price now. */
function OrderPayment({ actor, now }: { actor: OrderMobileMoneyRef; now: () => number }) {
  const { i18n } = useTranslation();
  const total = formatFcfa(useSelector(actor, selectPaymentAmount), i18n.language);
  return <MobileMoneyStep actor={actor} total={total} now={now} />;
}
