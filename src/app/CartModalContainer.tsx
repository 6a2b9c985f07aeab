import { useSelector } from '@xstate/react';
import { selectCartItems, selectCartTotal } from '../../machines/cart';
import { selectUser } from '../../machines/session';
import { CartModal } from '../ui/CartModal';
import { useAppActors } from './actors-context';

/** The cart modal on the cart machine; Make payment starts the checkout (whose code loads then). */
export function CartModalContainer({ onClose }: { onClose: () => void }) {
  const { cart, checkout, session, navigate, describeError, ui } = useAppActors();
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
      onHaveCode={() => {
        onClose();
        navigate('/redeem');
      }}
      onMakePayment={() => {
        // Paying needs an account: a visitor keeps the cart (it is persisted) and logs in first.
        if (!user) {
          onClose();
          navigate('/login-with-username');
          return;
        }
        checkout
          .load()
          .then((actor) => actor.send({ type: 'checkout.start', items, user }))
          // The checkout's code could not be downloaded (offline, first visit): said like any network error.
          .catch((error: unknown) =>
            ui.showAlert({ key: 'serverMessage', params: { message: describeError(error) } }),
          );
      }}
    />
  );
}
