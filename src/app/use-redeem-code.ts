import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import {
  type RedeemFailure,
  type RedeemOutput,
  type RedeemRequest,
  redeemCodeMachine,
  selectCodeProblem,
  selectIsChecking,
  selectIsHeldBack,
  selectIsRedeemed,
  selectRedeemCode,
  selectRedeemError,
} from '../../machines/redeemCode';
import { ApiError } from '../rules/api-errors';
import { useAppActors } from './actors-context';

/**
 * How long the form is held back after a 429 that does not say how long (a proxy's: this server always sends
 * Retry-After). A minute, the usual window of a rate limit: a code typed again at once would only be
 * refused again.
 */
const UNSAID_RETRY_AFTER_MS = 60_000;

/**
 * The redeem machine (issue 20) with the app's effects: the request, the new user into the session, the
 * alert, navigation. `initialCode` is the code of the link that opened the screen.
 */
export function useRedeemCode(initialCode: string) {
  const { api, describeError, updateUser, ui, navigate } = useAppActors();
  const effects = useRef({ api, describeError, updateUser, ui, navigate });
  effects.current = { api, describeError, updateUser, ui, navigate };
  const actor = useActorRef(
    redeemCodeMachine.provide({
      actors: {
        redeem: fromPromise<RedeemOutput, RedeemRequest>(async ({ input }) => {
          const fx = effects.current;
          try {
            const answer = await fx.api.redeemCode({ serialNumberHolder: input.code });
            return { user: answer.user, msg: answer.msg };
          } catch (error) {
            const failure: RedeemFailure =
              error instanceof ApiError && error.status === 429
                ? {
                    message: fx.describeError(error),
                    retryAfterMs:
                      error.retryAfterSeconds === undefined
                        ? UNSAID_RETRY_AFTER_MS
                        : error.retryAfterSeconds * 1000,
                  }
                : { message: fx.describeError(error) };
            throw failure;
          }
        }),
      },
      actions: {
        storeUser: (_, { user }) => effects.current.updateUser(user),
        showAlert: (_, alert) => effects.current.ui.showAlert(alert),
        navigate: (_, { to }) => effects.current.navigate(`/${to}`),
      },
    }),
    { input: { code: initialCode } },
  );
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
