import type { ActorRefFrom } from 'xstate';
import { fromPromise } from 'xstate';
import type { cartMachine } from '../../machines/cart';
import type { checkoutMachine, MakePaymentInput, MakePaymentOutput } from '../../machines/checkout';
import type { Alert } from '../../machines/messages';
import type { sessionMachine } from '../../machines/session';
import { isFinalRefusal, makePaymentsPayload } from '../rules/payment-requests';
import type { Endpoints } from '../services/api/endpoints';
import type { AppStorage } from '../services/storage';

type CheckoutImplementations = Parameters<typeof checkoutMachine.provide>[0];

/** What the cart's checkout reaches: the payments API, the device, the shell, the cart and the session. */
export interface CheckoutDeps {
  api: Pick<Endpoints, 'makePayments'>;
  storage: Pick<AppStorage, 'setUser' | 'removePendingPayment'>;
  ui: { showAlert(alert: Alert): void; setCartOpen(open: boolean): void };
  navigate: (path: string) => void;
  describeError: (error: unknown) => string;
  cart: ActorRefFrom<typeof cartMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
}

/** The checkout machine's effects; `mobileMoney` is the mobile money machine provided for the cart. */
export function checkoutActors(
  fx: CheckoutDeps,
  mobileMoney: NonNullable<CheckoutImplementations['actors']>['mobileMoney'],
): CheckoutImplementations {
  return {
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
      clearCart: () => fx.cart.send({ type: 'cart.clear' }),
      storeUser: (_, { user }) => {
        fx.storage.setUser(user);
        fx.session.send({ type: 'session.userUpdated', user });
      },
      closeModal: () => fx.ui.setCartOpen(false),
      clearPending: () => fx.storage.removePendingPayment(),
      navigate: (_, { to }) => fx.navigate(`/${to}`),
    },
  };
}
