import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import {
  redeemCodeMachine,
  selectCodeProblem,
  selectIsChecking,
  selectIsHeldBack,
  selectIsRedeemed,
  selectRedeemCode,
  selectRedeemError,
} from '../../machines/redeemCode';
import { redeemCodeActors } from '../actors/redeemCode';
import { useAppActors } from './actors-context';

/**
 * The redeem machine (issue 20) with the app's effects (src/actors/redeemCode.ts): the request, the new
 * user into the session, the alert, navigation. `initialCode` is the code of the link that opened the screen.
 */
export function useRedeemCode(initialCode: string) {
  const { api, describeError, updateUser, ui, navigate } = useAppActors();
  const effects = useRef({ api, describeError, updateUser, ui, navigate });
  effects.current = { api, describeError, updateUser, ui, navigate };
  const actor = useActorRef(redeemCodeMachine.provide(redeemCodeActors(effects)), {
    input: { code: initialCode },
  });
  return {
    code: useSelector(actor, selectRedeemCode),
    problem: useSelector(actor, selectCodeProblem),
    error: useSelector(actor, selectRedeemError),
    checking: useSelector(actor, selectIsChecking),
    heldBack: useSelector(actor, selectIsHeldBack),
    redeemed: useSelector(actor, selectIsRedeemed),
    change: (value: string) => actor.send({ type: 'code.change', value }),
    submit: () => actor.send({ type: 'code.submit' }),
  };
}
