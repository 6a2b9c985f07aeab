import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import type { cartMachine } from '../../machines/cart';
import { checkoutMachine, type MakePaymentInput, type MakePaymentOutput } from '../../machines/checkout';
import {
  type CheckStatusInput,
  type CheckStatusOutput,
  mobileMoneyMachine,
  type RequestToPayInput,
  type RequestToPayOutput,
} from '../../machines/mobileMoney';
import type { sessionMachine } from '../../machines/session';
import { isFinalRefusal, makePaymentsPayload, requestToPayPayload } from '../rules/payment-requests';
import type { AppEffects } from './app-effects';

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

/**
 * The checkout and mobile money machines with their effects. Loaded with the first payment (or a payment to
 * resume), never with the first screen: most visits pay nothing.
 */
export function createCheckoutActor(
  fx: AppEffects,
  { cart, session }: { cart: ActorRefFrom<typeof cartMachine>; session: ActorRefFrom<typeof sessionMachine> },
): CheckoutActor {
  const currentUserId = () => session.getSnapshot().context.user?.id ?? '';

  const mobileMoney = mobileMoneyMachine.provide({
    actors: {
      requestToPay: fromPromise<RequestToPayOutput, RequestToPayInput>(async ({ input }) => {
        try {
          const { referenceId } = await fx.api.requestToPay(
            requestToPayPayload(input, currentUserId(), fx.now()),
          );
          return { referenceId };
        } catch (error) {
          throw new Error(fx.describeError(error));
        }
      }),
      checkStatus: fromPromise<CheckStatusOutput, CheckStatusInput>(async ({ input }) => {
        const { status, reason } = await fx.api.getPaymentStatus(input.referenceId);
        return reason ? { status, reason } : { status };
      }),
    },
    actions: {
      showAlert: (_, alert) => fx.ui.showAlert(alert),
      persistPending: (_, pending) =>
        void fx.storage.setPendingPayment({ ...pending, items: [...pending.items] }),
      clearPending: () => fx.storage.removePendingPayment(),
    },
  });

  const checkout = createActor(
    checkoutMachine.provide({
      actors: {
        mobileMoney,
        makePayment: fromPromise<MakePaymentOutput, MakePaymentInput>(async ({ input }) => {
          try {
            const answer = await fx.api.makePayments(makePaymentsPayload(input));
            return answer.user
              ? { success: answer.success, user: answer.user, msg: answer.msg }
              : { success: answer.success, msg: answer.msg };
          } catch (error) {
            if (isFinalRefusal(error)) {
              return { success: false, msg: fx.describeError(error) };
            }
            throw new Error(fx.describeError(error));
          }
        }),
      },
      actions: {
        showAlert: (_, alert) => fx.ui.showAlert(alert),
        clearCart: () => cart.send({ type: 'cart.clear' }),
        storeUser: (_, { user }) => {
          fx.storage.setUser(user);
          session.send({ type: 'session.userUpdated', user });
        },
        closeModal: () => fx.ui.setCartOpen(false),
        clearPending: () => fx.storage.removePendingPayment(),
        navigate: (_, { to }) => fx.navigate(`/${to}`),
      },
    }),
  );
  checkout.start();
  return checkout;
}
