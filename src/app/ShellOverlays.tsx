import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { selectCartItems, selectCartTotal } from '../../machines/cart';
import { selectUser } from '../../machines/session';
import { AlertDialog } from '../ui/AlertDialog';
import { CartModal } from '../ui/CartModal';
import { Toast } from '../ui/Toast';
import { useAppActors } from './actors-context';
import { CheckoutFlow } from './CheckoutFlow';

/** What sits above the routes: the cart modal, the checkout dialogs, the alert queue and the toast. */
export function ShellOverlays() {
  const { ui } = useAppActors();
  const state = useSyncExternalStore(ui.subscribe, ui.getState);
  return (
    <>
      {state.cartOpen ? <CartModalContainer onClose={() => ui.setCartOpen(false)} /> : null}
      <CheckoutFlow />
      <AlertHost />
      {state.toast ? <ToastHost messageKey={state.toast.key} /> : null}
    </>
  );
}

export function CartModalContainer({ onClose }: { onClose: () => void }) {
  const { cart, checkout, session, navigate } = useAppActors();
  const items = useSelector(cart, selectCartItems);
  const total = useSelector(cart, selectCartTotal);
  const user = useSelector(session, selectUser);
  return (
    <CartModal
      items={items}
      subtotal={total}
      total={total}
      onClose={onClose}
      onRemove={(id) => cart.send({ type: 'cart.remove', id })}
      onDecrease={(id) => cart.send({ type: 'cart.decrease', id })}
      onIncrease={({ amount: _amount, ...subject }) => cart.send({ type: 'cart.add', item: subject })}
      onMakePayment={() => {
        // Paying needs an account: a visitor keeps the cart (it is persisted) and logs in first.
        if (!user) {
          onClose();
          navigate('/login-with-username');
          return;
        }
        checkout.send({ type: 'checkout.start', items, user });
      }}
    />
  );
}

function AlertHost() {
  const { ui, session } = useAppActors();
  const { t } = useTranslation();
  const alert = useSyncExternalStore(ui.subscribe, () => ui.getState().alerts[0]);
  const user = useSelector(session, selectUser);
  if (!alert) return null;
  return (
    <AlertDialog
      header={t('common.alertHeader', { username: user?.username ?? t('common.student') })}
      message={t(`messages.${alert.key}`, alert.params ?? {})}
      okLabel={t('common.ok')}
      onOk={() => ui.dismissAlert()}
    />
  );
}

function ToastHost({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  return <Toast message={t(`messages.${messageKey}`)} />;
}
