import type { ActorRefFrom } from 'xstate';
import type { languageMachine } from '../../machines/language';
import { mobileMoneyMachine } from '../../machines/mobileMoney';
import { orderCheckoutMachine } from '../../machines/orderCheckout';
import type { sessionMachine } from '../../machines/session';
import { orderMobileMoneyActors } from '../actors/mobileMoney';
import type { OrderCheckoutEffects } from '../actors/orderCheckout';
import { findPendingOrder, orderCheckoutActors } from '../actors/orderCheckout';
import { createOrderEndpoints } from '../services/api/order-endpoints';
import { createOrderStorage } from '../services/order-storage';
import type { AppEffects } from './app-effects';

/**
 * The shop's order checkout with the app's effects (issue 8, src/actors/orderCheckout.ts and mobileMoney.ts):
 * the same mobile money machine as the cart, whose request places the order. Loaded with the product screen,
 * not the landing page.
 */
export function provideOrderCheckout(
  app: AppEffects,
  {
    session,
    language,
  }: { session: ActorRefFrom<typeof sessionMachine>; language: ActorRefFrom<typeof languageMachine> },
) {
  if (!app.client) throw new Error('The order checkout needs the API client');
  const fx: OrderCheckoutEffects = {
    ...app,
    api: createOrderEndpoints(app.client),
    storage: createOrderStorage(app.storage),
    userId: () => session.getSnapshot().context.user?.id ?? '',
    language: () => (language.getSnapshot().context.language === 'fr' ? 'fr' : 'en'),
  };
  const mobileMoney = mobileMoneyMachine.provide(orderMobileMoneyActors(fx));
  return {
    logic: orderCheckoutMachine.provide(orderCheckoutActors(fx, mobileMoney)),
    findPending: (productId: string, referenceId: string | null) =>
      findPendingOrder(fx, productId, referenceId),
  };
}

export type OrderCheckout = ReturnType<typeof provideOrderCheckout>;
export type OrderCheckoutLogic = OrderCheckout['logic'];
