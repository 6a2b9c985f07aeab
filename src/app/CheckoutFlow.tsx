import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { MobileMoneyActorRef } from '../../machines/checkout';
import {
  selectCheckoutTotal,
  selectIsChoosingMethod,
  selectIsLoaderVisible,
  selectMobileMoneyRef,
} from '../../machines/checkout';
import { selectIsAskingPhone, selectPaymentOutcome, selectPhone } from '../../machines/mobileMoney';
import { selectUser } from '../../machines/session';
import { formatFcfa } from '../rules/money';
import { Loader } from '../ui/Loader';
import { PaymentMethodDialog } from '../ui/PaymentMethodDialog';
import { PaymentOutcomeDialog } from '../ui/PaymentOutcomeDialog';
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

/**
 * The mobile money machine on screen: the phone prompt, "confirm on your phone", then, when it did not
 * complete or MTN has not answered, what happened and what to do (the cart's and the shop's alike).
 */
export function MobileMoneyStep({
  actor,
  total,
  now,
}: {
  actor: MobileMoneyActorRef;
  total: string;
  now: () => number;
}) {
  const { session } = useAppActors();
  const { t } = useTranslation();
  const asking = useSelector(actor, selectIsAskingPhone);
  const phone = useSelector(actor, selectPhone);
  const outcome = useSelector(actor, selectPaymentOutcome);
  const username = useSelector(session, selectUser)?.username;
  const done = useSelector(actor, (s) => s.status !== 'active');
  if (done) return null;
  if (outcome) {
    return (
      <PaymentOutcomeDialog
        {...outcome}
        header={t('common.alertHeader', { username: username ?? t('common.student') })}
        onTryAgain={() => actor.send({ type: 'payment.retry', now: now() })}
        onOtherNumber={() => actor.send({ type: 'payment.changeNumber' })}
        onDismiss={() => actor.send({ type: 'payment.dismiss' })}
        onCheckAgain={() => actor.send({ type: 'payment.resume', now: now() })}
        onLater={() => actor.send({ type: 'payment.abandon' })}
      />
    );
  }
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
  return <PaymentWaiting total={total} />;
}
