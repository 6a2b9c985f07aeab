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

/**
 * The resource machine with the app's loader (src/app/use-resource.ts): its own chunk, so the landing
 * hydrates before it arrives (issue 12), and the root actors' chunk loads it before any other screen shows.
 */
interface ResourceActorOptions {
  /** The screen's call; the machine decides when it runs. `savedAt`: the answer came from a device copy. */
  load: (params: unknown) => Promise<ResourceAnswer>;
  /** Turns a failure into the text to show, in the student's language. */
  describeError: (error: unknown) => string;
  params: unknown;
  /** The device's last copies of this screen's data; absent: the screen keeps none. */
  copies?: {
    read: (params: unknown) => Promise<ResourceCopy | null>;
    keep: (params: unknown, data: unknown) => void;
  };
}

/**
 * Whether a copy may stand in (issue 18): no answer at all is the device offline; a 5xx is the server
 * unable to serve now; anything else is the server's answer about this request, which a copy must not
 * contradict (a 401 after a logout elsewhere, a 404 for something removed).
 */
export function failureKindOf(error: unknown): ResourceFailure {
  if (!(error instanceof ApiError)) return 'refused';
  if (error.status === NETWORK_FAILURE_STATUS) return 'offline';
  return error.status >= 500 ? 'unavailable' : 'refused';
}

export function createResourceActor({ load, describeError, params, copies }: ResourceActorOptions) {
  return createActor(
    resourceMachine.provide({
      actors: {
        load: fromPromise<ResourceAnswer, unknown>(async ({ input }) => {
          try {
            return await load(input);
          } catch (error) {
            throw Object.assign(new Error(describeError(error)), { kind: failureKindOf(error) });
          }
        }),
        readCopy: fromPromise<ResourceCopy | null, unknown>(async ({ input }) =>
          copies ? copies.read(input) : null,
        ),
      },
      actions: {
        keepCopy: (_, { params: keptFor, data }) => copies?.keep(keptFor, data),
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
  /** The failed load's text, when there is no copy to show ('' when no answer came at all). */
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

export function resourceViewOf(snapshot: ResourceSnapshot): ResourceView {
  return {
    data: selectData(snapshot),
    loading: selectIsLoading(snapshot),
    error: selectError(snapshot),
    offline: selectIsOffline(snapshot),
    savedAt: selectSavedAt(snapshot),
    checking: selectIsChecking(snapshot),
    copyError: selectCopyError(snapshot),
  };
}
