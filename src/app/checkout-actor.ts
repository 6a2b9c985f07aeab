import type { ActorRefFrom } from 'xstate';
import { createActor } from 'xstate';
import type { cartMachine } from '../../machines/cart';
import { checkoutMachine } from '../../machines/checkout';
import { mobileMoneyMachine } from '../../machines/mobileMoney';
import type { sessionMachine } from '../../machines/session';
import { checkoutActors } from '../actors/checkout';
import { cartMobileMoneyActors } from '../actors/mobileMoney';
import type { AppEffects } from './app-effects';

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

/**
 * The checkout and mobile money machines with their effects (src/actors/checkout.ts, mobileMoney.ts). Loaded
 * with the first payment (or a payment to resume), never with the first screen: most visits pay nothing.
 */
export function createCheckoutActor(
  fx: AppEffects,
  { cart, session }: { cart: ActorRefFrom<typeof cartMachine>; session: ActorRefFrom<typeof sessionMachine> },
): CheckoutActor {
  const userId = () => session.getSnapshot().context.user?.id ?? '';
  const mobileMoney = mobileMoneyMachine.provide(cartMobileMoneyActors({ ...fx, userId }));
  const checkout = createActor(
    checkoutMachine.provide(checkoutActors({ ...fx, cart, session }, mobileMoney)),
  );
  checkout.start();
  return checkout;
}
