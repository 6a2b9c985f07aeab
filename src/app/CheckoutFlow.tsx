import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  type MobileMoneyActorRef,
  selectCheckoutTotal,
  selectIsChoosingMethod,
  selectIsLoaderVisible,
  selectMobileMoneyRef,
} from '../../machines/checkout';
import { selectIsAskingPhone, selectIsSuspended, selectPhone } from '../../machines/mobileMoney';
import { formatFcfa } from '../services/money';
import { Loader } from '../ui/Loader';
import { PaymentMethodDialog } from '../ui/PaymentMethodDialog';
import { PaymentWaiting } from '../ui/PaymentWaiting';
import { PhonePrompt } from '../ui/PhonePrompt';
import { useAppActors } from './actors-context';
import type { CheckoutActor } from './checkout-actor';

/** The checkout and mobile money machines on screen: each step is one presentational dialog. */
export function CheckoutFlow({ checkout }: { checkout: CheckoutActor }) {
  const { now } = useAppActors();
  const { t, i18n } = useTranslation();
  const choosing = useSelector(checkout, selectIsChoosingMethod);
  const loaderVisible = useSelector(checkout, selectIsLoaderVisible);
  const total = formatFcfa(useSelector(checkout, selectCheckoutTotal), i18n.language);
  const mobileMoney = useSelector(checkout, selectMobileMoneyRef);

  if (choosing) {
    return (
      <PaymentMethodDialog
        total={total}
        onMtn={() => checkout.send({ type: 'checkout.chooseMtn', now: now() })}
        onOrange={() => checkout.send({ type: 'checkout.chooseOrange' })}
        onCancel={() => checkout.send({ type: 'checkout.cancel' })}
      />
    );
  }
  if (mobileMoney) return <MobileMoneyStep actor={mobileMoney} total={total} now={now} />;
  if (loaderVisible) return <Loader overlay label={t('checkout.validating')} />;
  return null;
}

/** The mobile money machine on screen: the phone prompt, then "confirm on your phone" or "still waiting". */
export function MobileMoneyStep({
  actor,
  total,
  now,
}: {
  actor: MobileMoneyActorRef;
  total: string;
  now: () => number;
}) {
  const asking = useSelector(actor, selectIsAskingPhone);
  const phone = useSelector(actor, selectPhone);
  const suspended = useSelector(actor, selectIsSuspended);
  const done = useSelector(actor, (s) => s.status !== 'active');
  if (done) return null;
  if (asking) {
    return (
      <PhonePrompt
        phone={phone}
        total={total}
        onChange={(value) => actor.send({ type: 'payment.phoneChanged', phone: value })}
        onSubmit={() => actor.send({ type: 'payment.submitPhone', now: now() })}
        onCancel={() => actor.send({ type: 'payment.cancel' })}
      />
    );
  }
  return (
    <PaymentWaiting
      total={total}
      suspended={suspended}
      onResume={() => actor.send({ type: 'payment.resume', now: now() })}
      onAbandon={() => actor.send({ type: 'payment.abandon' })}
    />
  );
}
