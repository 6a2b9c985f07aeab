import { createActor, fromPromise } from 'xstate';
import {
  type ResourceAnswer,
  type ResourceCopy,
  type ResourceFailure,
  type ResourceSnapshot,
  resourceMachine,
  selectCopyError,
  selectData,
  selectError,
  selectIsChecking,
  selectIsLoading,
  selectIsOffline,
  selectSavedAt,
} from '../../machines/resource';
import { ApiError, NETWORK_FAILURE_STATUS } from '../services/api/errors';
import { watchDeviceCopies } from '../services/api/watch-device-copies';
import type { LastCopies } from '../services/offline/last-copies';
import type { AppApi } from './app-effects';

/**
 * The resource machine with the app's loader (src/app/use-resource.ts): its own chunk, so the landing
 * hydrates before it arrives (issue 12), and the root actors' chunk loads it before any other screen shows.
 */
interface ResourceActorOptions {
  api: AppApi;
  /**
   * The screen's call, given the API; the machine decides when it runs. Its answer is a copy (with that
   * copy's date) when any of the calls it made was answered by the service worker from its cache.
   */
  load: (api: AppApi, params: unknown) => Promise<unknown>;
  /** Turns a failure into the text to show, in the student's language. */
  describeError: (error: unknown) => string;
  params: unknown;
  /** The device's last copies, and the name this screen's are kept under; absent: the screen keeps none. */
  copies?: { name: string; store: LastCopies };
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

export function createResourceActor({ api, load, describeError, params, copies }: ResourceActorOptions) {
  return createActor(
    resourceMachine.provide({
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
    }),
    { input: { params } },
  );
}

export type ResourceActor = ReturnType<typeof createResourceActor>;

/** What a screen shows of its data. */
export interface ResourceView {
  readonly data: unknown;
  /** Nothing to show yet: a skeleton. */
  readonly loading: boolean;
  /** The failed load's text, when there is no copy to show. */
  readonly error: string | null;
  /** The failure, or the copy shown, is for want of a connection. */
  readonly offline: boolean;
  /** The data is the device's copy saved then (ISO 8601), not a fresh answer. */
  readonly savedAt: string | null;
  /** The copy stays on screen while the server is asked again. */
  readonly checking: boolean;
  /** Why a copy stands in when it is not the connection (the server's error), else null. */
  readonly copyError: string | null;
}

/**
 * What the screen shows of the machine's snapshot; `describeError` words a load that got no answer at all,
 * which has no text of its own (docs/product.md §8's for status 0).
 */
export function resourceViewOf(
  snapshot: ResourceSnapshot,
  describeError: (error: unknown) => string = String,
): ResourceView {
  const error = selectError(snapshot);
  return {
    data: selectData(snapshot),
    loading: selectIsLoading(snapshot),
    error:
      error === ''
        ? describeError(new ApiError({ status: NETWORK_FAILURE_STATUS, key: 'errors.network' }))
        : error,
    offline: selectIsOffline(snapshot),
    savedAt: selectSavedAt(snapshot),
    checking: selectIsChecking(snapshot),
    copyError: selectCopyError(snapshot),
  };
}
