import { fromPromise } from 'xstate';
import type { ClientUser as User } from '../../contract/users';
import type { Alert } from '../../machines/messages';
import type {
  RedeemFailure,
  RedeemOutput,
  RedeemRequest,
  redeemCodeMachine,
} from '../../machines/redeemCode';
import { ApiError } from '../rules/api-errors';
import type { Endpoints } from '../services/api/endpoints';

/**
 * How long the form is held back after a 429 that does not say how long (a proxy's: this server always sends
 * Retry-After). A minute, the usual window of a rate limit: a code typed again at once would only be
 * refused again.
 */
const UNSAID_RETRY_AFTER_MS = 60_000;

/** What redeeming a code reaches: the request, the new user into the session, the alert, navigation. */
export interface RedeemCodeDeps {
  api: Pick<Endpoints, 'redeemCode'>;
  describeError: (error: unknown) => string;
  updateUser: (user: User) => void;
  ui: { showAlert(alert: Alert): void };
  navigate: (path: string) => void;
}

function failureOf(error: unknown, describeError: (error: unknown) => string): RedeemFailure {
  if (!(error instanceof ApiError) || error.status !== 429) return { message: describeError(error) };
  return {
    message: describeError(error),
    retryAfterMs:
      error.retryAfterSeconds === undefined ? UNSAID_RETRY_AFTER_MS : error.retryAfterSeconds * 1000,
  };
}

/** The redeem code machine's effects (issue 20); `effects.current` is the app's latest. */
export function redeemCodeActors(effects: {
  readonly current: RedeemCodeDeps;
}): Parameters<typeof redeemCodeMachine.provide>[0] {
  return {
    actors: {
      redeem: fromPromise<RedeemOutput, RedeemRequest>(async ({ input }) => {
        const fx = effects.current;
        try {
          const answer = await fx.api.redeemCode({ serialNumberHolder: input.code });
          return { user: answer.user, msg: answer.msg };
        } catch (error) {
          throw failureOf(error, fx.describeError);
        }
      }),
    },
    actions: {
      storeUser: (_, { user }) => effects.current.updateUser(user),
      showAlert: (_, alert) => effects.current.ui.showAlert(alert),
      navigate: (_, { to }) => effects.current.navigate(`/${to}`),
    },
  };
}
