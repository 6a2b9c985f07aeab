import type { Redis } from 'ioredis';

/**
 * Login attempts per account, whatever address they come from: `freeFailures` attempts pass at once, then
 * one attempt per delay, the delay doubling from `delayMs` up to `maxDelayMs`. Attempts are counted when they
 * start, so a burst of concurrent guesses from many addresses gets no more than a slow one; a refused attempt
 * is not counted (hammering a locked account does not lengthen the owner's wait); a successful login or a
 * password reset forgets everything.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  delayMs: number;
  maxDelayMs: number;
}

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface AttemptStore {
  /** Reserves an attempt for key, or says how long to wait. */
  begin(key: string, policy: ThrottlePolicy): Promise<AttemptVerdict>;
  /** The account's owner got in: start again from nothing. */
  clear(key: string): Promise<void>;
  /**
   * The attempt begun for key was no guess after all (an access code that worked): it no longer counts, and
   * the delay it started, if any, ends when the attempts left are free ones again. A class redeeming its
   * code behind one school address is not slowed down by its own successes.
   */
  forgive(key: string, policy: ThrottlePolicy): Promise<void>;
}

/** The wait after the n-th attempt (n ≥ freeFailures) before the next one may start. */
export function delayAfter(attempt: number, policy: ThrottlePolicy): number {
  const excess = attempt - policy.freeFailures;
  return Math.min(policy.maxDelayMs, policy.delayMs * 2 ** Math.min(excess, 30));
}

/** How long attempts are remembered after the last one. */
function memoryMs(policy: ThrottlePolicy): number {
  return Math.max(4 * policy.maxDelayMs, 60 * 60_000);
}

interface Entry {
  attempts: number;
  forgetAt: number;
  lockedUntil: number;
}

/** One process's memory: the default without REDIS_URL. Bounded so that a flood of names cannot grow it. */
export function memoryAttemptStore(now: () => number = Date.now, maxEntries = 100_000): AttemptStore {
  const entries = new Map<string, Entry>();
  const sweep = () => {
    const time = now();
    for (const [key, entry] of entries) if (entry.forgetAt <= time) entries.delete(key);
    // Still full: forget the oldest (Map keeps insertion order).
    for (const key of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(key);
    }
  };
  return {
    async begin(key, policy) {
      const time = now();
      let entry = entries.get(key);
      if (entry !== undefined && entry.forgetAt <= time) {
        entries.delete(key);
        entry = undefined;
      }
      if (entry === undefined) {
        if (entries.size >= maxEntries) sweep();
        entry = { attempts: 0, forgetAt: 0, lockedUntil: 0 };
        entries.set(key, entry);
      }
      if (entry.lockedUntil > time) return { allowed: false, retryAfterMs: entry.lockedUntil - time };
      entry.attempts += 1;
      entry.forgetAt = time + memoryMs(policy);
      if (entry.attempts >= policy.freeFailures)
        entry.lockedUntil = time + delayAfter(entry.attempts, policy);
      return { allowed: true };
    },
    async clear(key) {
      entries.delete(key);
    },
    async forgive(key, policy) {
      const entry = entries.get(key);
      if (entry === undefined) return;
      entry.attempts = Math.max(0, entry.attempts - 1);
      if (entry.attempts < policy.freeFailures) entry.lockedUntil = 0;
    },
  };
}

/** Shared by every server process through Redis: the attempt count and the lock are two expiring keys. */
export function redisAttemptStore(redis: Redis, prefix: string): AttemptStore {
  const countKey = (key: string) => `${prefix}login:n:${key}`;
  const lockKey = (key: string) => `${prefix}login:l:${key}`;
  return {
    async begin(key, policy) {
      const results = await redis.multi().incr(countKey(key)).pexpire(countKey(key), memoryMs(policy)).exec();
      const attempts = Number(results?.[0]?.[1]);
      if (!Number.isFinite(attempts)) throw new Error('Redis did not count the attempt');
      if (attempts < policy.freeFailures) return { allowed: true };
      // Only one of several concurrent attempts takes the slot; the others wait for the lock to end.
      const taken = await redis.set(lockKey(key), '1', 'PX', delayAfter(attempts, policy), 'NX');
      if (taken === 'OK') return { allowed: true };
      await redis.decr(countKey(key));
      const ttl = await redis.pttl(lockKey(key));
      return { allowed: false, retryAfterMs: Math.max(1, ttl) };
    },
    async clear(key) {
      await redis.del(countKey(key), lockKey(key));
    },
    async forgive(key, policy) {
      const attempts = await redis.decr(countKey(key));
      if (attempts < 0) await redis.del(countKey(key));
      if (attempts < policy.freeFailures) await redis.del(lockKey(key));
    },
  };
}

/**
 * A store that lets the attempt through when its backend (Redis) fails, as the address limits do
 * (skipOnError): students keep logging in during a Redis outage, which is logged.
 */
export function failOpen(store: AttemptStore, onError: (error: unknown) => void): AttemptStore {
  return {
    async begin(key, policy) {
      try {
        return await store.begin(key, policy);
      } catch (error) {
        onError(error);
        return { allowed: true };
      }
    },
    async clear(key) {
      try {
        await store.clear(key);
      } catch (error) {
        onError(error);
      }
    },
    async forgive(key, policy) {
      try {
        await store.forgive(key, policy);
      } catch (error) {
        onError(error);
      }
    },
  };
}
