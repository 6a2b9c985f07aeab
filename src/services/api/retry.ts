import { ApiError, NETWORK_FAILURE_STATUS } from '../../rules/api-errors';

/** docs/product.md §8/§9: retryable requests are retried up to 2 times, 1 s apart. */
export const RETRY = { attempts: 2, delayMs: 1_000 } as const;

export interface RetryPolicy {
  attempts: number;
  delayMs: number;
}

export type Sleep = (ms: number) => Promise<void>;

/** setTimeout-based so tests drive it with vi.useFakeTimers. */
export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Only "no answer" and "dependency down" are worth asking again; every other status is an answer. */
export function isRetryableFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === NETWORK_FAILURE_STATUS || error.status === 503);
}

export async function withRetry<T>(
  attempt: () => Promise<T>,
  options: { retryable: boolean; sleep: Sleep; policy?: RetryPolicy; isOffline?: () => boolean },
): Promise<T> {
  const policy = options.policy ?? RETRY;
  for (let retriesDone = 0; ; retriesDone++) {
    try {
      return await attempt();
    } catch (error) {
      if (!options.retryable || retriesDone >= policy.attempts || !isRetryableFailure(error)) throw error;
      // No connection at all: a second later there is still none (issue 18: the offline copy, at once).
      if (options.isOffline?.() === true) throw error;
      await options.sleep(policy.delayMs);
    }
  }
}
