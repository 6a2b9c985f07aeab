import argon2 from 'argon2';
import { boundedQueue, QueueFullError, type QueuePlace } from './bounded-queue';
import { HttpError } from './errors';
import { waitText } from './rate-limits';

/**
 * argon2id parameters and how many hashes may run at once (server/README.md "Password hashing" has the
 * measurements the defaults come from).
 */
export interface PasswordHashingSettings {
  memoryKib: number;
  timeCost: number;
  /** Hashes running at once: each takes a core for its whole duration. */
  concurrency: number;
  /** Hashes waiting for a running slot; one more is refused with 503. */
  queueMax: number;
}

/**
 * OWASP Password Storage Cheat Sheet, argon2id: five settings of equal strength, the memory (KiB) each
 * number of passes needs at least.
 */
export const OWASP_ARGON2ID: ReadonlyArray<{ timeCost: number; memoryKib: number }> = [
  { timeCost: 1, memoryKib: 47_104 },
  { timeCost: 2, memoryKib: 19_456 },
  { timeCost: 3, memoryKib: 12_288 },
  { timeCost: 4, memoryKib: 9_216 },
  { timeCost: 5, memoryKib: 7_168 },
];

/** True when the pair is weaker than every OWASP setting with as many passes or fewer (tests use such). */
export function belowOwaspRange(memoryKib: number, timeCost: number): boolean {
  const floor = OWASP_ARGON2ID.filter((setting) => setting.timeCost <= timeCost).at(-1);
  return floor === undefined || memoryKib < floor.memoryKib;
}

/** The same 503 for every password operation the queue refuses: when to come back, in the student's words. */
function busy(retryAfterMs: number): HttpError {
  const seconds = Math.min(60, Math.max(1, Math.ceil(retryAfterMs / 1000)));
  return new HttpError(503, 'hashingBusy', { wait: waitText(seconds) }, { 'retry-after': String(seconds) });
}

/** One place in the hashing queue, for one hash or one verification. */
export interface PasswordPlace {
  hash(password: string): Promise<string>;
  /**
   * Verifies a password; with no stored hash (unknown or deleted account) it still runs one argon2
   * verification against a dummy hash, so response time does not reveal whether the account exists.
   */
  verify(storedHash: string | null | undefined, password: string): Promise<boolean>;
  /** Gives the place back unused. */
  leave(): void;
}

export interface Passwords {
  /**
   * A place in line taken now (503 `hashingBusy` with Retry-After when the line is full): a login takes it
   * before its attempt is counted against the account, so a busy server never counts against a student.
   */
  reserve(): PasswordPlace;
  hash(password: string): Promise<string>;
  verify(storedHash: string | null | undefined, password: string): Promise<boolean>;
  /**
   * After a successful login: a new hash when the stored one was made with other parameters (argon2 writes
   * them into the hash, so old hashes keep verifying). Undefined when it is current, or when the line is
   * full: the upgrade is not worth a refusal, the next login does it.
   */
  rehashIfNeeded(storedHash: string, password: string): Promise<string | undefined>;
  /** Hashes running and waiting now (metrics). */
  stats(): { running: number; waiting: number };
}

/**
 * argon2id behind a bounded queue: argon2 runs on libuv's thread pool (four threads), so unbounded logins
 * take every core and the pool from reads, compression and payment polls; here at most `concurrency` run,
 * the rest wait in line, and a full line answers 503 at once.
 */
export function createPasswords(settings: PasswordHashingSettings): Passwords {
  const options = {
    type: argon2.argon2id,
    memoryCost: settings.memoryKib,
    timeCost: settings.timeCost,
    parallelism: 1,
  } as const;
  const queue = boundedQueue({ concurrency: settings.concurrency, maxWaiting: settings.queueMax });
  let dummyHash: Promise<string> | undefined;

  const placeFrom = (place: QueuePlace): PasswordPlace => ({
    hash: (password) => place.run(() => argon2.hash(password, options)),
    verify: (storedHash, password) =>
      place.run(async () => {
        if (!storedHash) {
          dummyHash ??= argon2.hash('not-a-real-password-used-for-timing-only', options);
          await argon2.verify(await dummyHash, password).catch(() => false);
          return false;
        }
        try {
          return await argon2.verify(storedHash, password);
        } catch {
          return false;
        }
      }),
    leave: () => place.leave(),
  });

  const reserve = (): PasswordPlace => {
    try {
      return placeFrom(queue.enter());
    } catch (error) {
      if (error instanceof QueueFullError) throw busy(error.retryAfterMs);
      throw error;
    }
  };

  return {
    reserve,
    hash: (password) => reserve().hash(password),
    verify: (storedHash, password) => reserve().verify(storedHash, password),
    async rehashIfNeeded(storedHash, password) {
      if (!argon2.needsRehash(storedHash, options)) return undefined;
      let place: QueuePlace;
      try {
        place = queue.enter();
      } catch (error) {
        if (error instanceof QueueFullError) return undefined;
        throw error;
      }
      return placeFrom(place).hash(password);
    },
    stats: () => queue.stats(),
  };
}
