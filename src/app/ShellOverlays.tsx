import { useSelector } from '@xstate/react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { selectUser } from '../../machines/session';
import { Toast } from '../ui/Toast';
import { useAppActors } from './actors-context';
import { useLazyActor } from './lazy-actor';

// None of these is on the first screen: their code downloads when one is first shown (issue 12).
const CartModalContainer = lazy(() => import('./CartModalContainer'));
const CheckoutFlow = lazy(() => import('./CheckoutFlow'));
const AlertDialog = lazy(() =>
  import('../ui/AlertDialog').then((module) => ({ default: module.AlertDialog })),
);

/** What sits above the routes: the cart modal, the checkout dialogs, the alert queue and the toast. */
export function ShellOverlays() {
  const { ui, checkout } = useAppActors();
  const state = useSyncExternalStore(ui.subscribe, ui.getState, ui.getState);
  const checkoutActor = useLazyActor(checkout);
  return (
    <Suspense fallback={null}>
      {state.cartOpen ? <CartModalContainer onClose={() => ui.setCartOpen(false)} /> : null}
      {checkoutActor ? <CheckoutFlow checkout={checkoutActor} /> : null}
      <AlertHost />
      {state.toast ? <ToastHost messageKey={state.toast.key} /> : null}
    </Suspense>
  );
}

function AlertHost() {
  const { ui, session } = useAppActors();
  const { t } = useTranslation();
  const first = () => ui.getState().alerts[0];
  const alert = useSyncExternalStore(ui.subscribe, first, first);
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
