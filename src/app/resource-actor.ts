import { createActor } from 'xstate';
import type { ResourceSnapshot } from '../../machines/resource';
import {
  resourceMachine,
  selectCopyError,
  selectData,
  selectError,
  selectIsChecking,
  selectIsLoading,
  selectIsOffline,
  selectSavedAt,
} from '../../machines/resource';
import type { ResourceDeps } from '../actors/resource';
import { resourceActors } from '../actors/resource';
import { ApiError, NETWORK_FAILURE_STATUS } from '../rules/api-errors';

/**
 * The resource machine with the app's loader (src/app/use-resource.ts) and its effects
 * (src/actors/resource.ts): its own chunk, so the landing hydrates before it arrives (issue 12), and the
 * root actors' chunk loads it before any other screen shows.
 */
export function createResourceActor({ params, ...deps }: ResourceDeps & { params: unknown }) {
  return createActor(resourceMachine.provide(resourceActors(deps)), { input: { params } });
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
