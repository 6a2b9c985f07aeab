import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { selectUser } from '../../machines/session';
import { Toast } from '../ui/Toast';
import { useAppActors } from './actors-context';
import { lazyLoad, useLazy } from './lazy-load';
import { selectVisibleToast } from './ui-store';
import { useReservedHeight } from './use-reserved-height';

// None of these is on the first screen: their code downloads when one is first needed (issue 12).
const cartModal = lazyLoad(() => import('./CartModalContainer'));
const checkoutFlow = lazyLoad(() => import('./CheckoutFlow'));
const alertDialog = lazyLoad(() => import('../ui/AlertDialog'));

/** What sits above the routes: the cart modal, the checkout dialogs, the alert queue and the toast. */
export function ShellOverlays() {
  const { ui, checkout } = useAppActors();
  const state = useSyncExternalStore(ui.subscribe, ui.getState, ui.getState);
  const checkoutActor = useLazy(checkout);
  const toast = selectVisibleToast(state);
  const CartModal = useLazy(cartModal, { load: state.cartOpen })?.CartModalContainer;
  // The checkout's dialogs come with the cart: a payment starts from there (or resumes on its own).
  const Flow = useLazy(checkoutFlow, { load: state.cartOpen || checkoutActor !== null })?.CheckoutFlow;
  return (
    <>
      {state.cartOpen && CartModal ? <CartModal onClose={() => ui.setCartOpen(false)} /> : null}
      {checkoutActor && Flow ? <Flow checkout={checkoutActor} /> : null}
      <AlertHost />
      {/* A toast waits while a dialog is open (issue 18, src/app/ui-store.ts). */}
      {toast ? <ToastHost messageKey={toast.key} /> : null}
    </>
  );
}

function AlertHost() {
  const { ui, session } = useAppActors();
  const { t } = useTranslation();
  const first = () => ui.getState().alerts[0];
  const alert = useSyncExternalStore(ui.subscribe, first, first);
  const user = useSelector(session, selectUser);
  const AlertDialog = useLazy(alertDialog, { load: alert !== undefined })?.AlertDialog;
  if (!alert || !AlertDialog) return null;
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
  const ref = useReservedHeight('--toast-height');
  return <Toast ref={ref} message={t(`messages.${messageKey}`)} />;
}
