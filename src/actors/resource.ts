import { fromPromise } from 'xstate';
import type { ResourceAnswer, ResourceCopy, ResourceFailure, resourceMachine } from '../../machines/resource';
import { ApiError, NETWORK_FAILURE_STATUS } from '../rules/api-errors';
import type { Endpoints } from '../services/api/endpoints';
import { watchDeviceCopies } from '../services/api/watch-device-copies';
import type { LastCopies } from '../services/offline/last-copies';

/** The API a screen's load is given: the endpoints, and the cache the session clears. */
export type ResourceApi = Endpoints & { clearCache(): void };

export interface ResourceDeps {
  api: ResourceApi;
  /**
   * The screen's call, given the API; the machine decides when it runs. Its answer is a copy (with that
   * copy's date) when any of the calls it made was answered by the service worker from its cache.
   */
  load: (api: ResourceApi, params: unknown) => Promise<unknown>;
  /** Turns a failure into the text to show, in the student's language. */
  describeError: (error: unknown) => string;
  /** The device's last copies, and the name this screen's are kept under; absent: the screen keeps none. */
  copies?: { name: string; store: LastCopies } | undefined;
}

/**
 * Whether a copy may stand in (issue 18): no answer at all is the device offline; a 5xx is the server
 * unable to serve now; anything else is the server's answer about this request, which a copy must not
 * contradict (a 401 after a logout elsewhere, a 404 for something removed).
 */
function failureKindOf(error: unknown): ResourceFailure {
  if (!(error instanceof ApiError)) return 'refused';
  if (error.status === NETWORK_FAILURE_STATUS) return 'offline';
  return error.status >= 500 ? 'unavailable' : 'refused';
}

/** The resource machine's effects: the screen's load, and the device's last copy of its answer. */
export function resourceActors({
  api,
  load,
  describeError,
  copies,
}: ResourceDeps): Parameters<typeof resourceMachine.provide>[0] {
  return {
    actors: {
      load: fromPromise<ResourceAnswer, unknown>(async ({ input }) => {
        // The load's own view of the API: which of its answers were the service worker's copies.
        const watched = watchDeviceCopies(api);
        try {
          const data = await load(watched.api, input);
          return { data, savedAt: watched.savedAt() };
        } catch (error) {
          throw Object.assign(new Error(describeError(error)), { kind: failureKindOf(error) });
        }
      }),
      readCopy: fromPromise<ResourceCopy | null, unknown>(async ({ input }) =>
        copies ? copies.store.read(copies.name, input) : null,
      ),
    },
    actions: {
      keepCopy: (_, { params: keptFor, data }) => void copies?.store.keep(copies.name, keptFor, data),
    },
  };
}
