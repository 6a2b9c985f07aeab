import { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

// Two kinds of limits (server/README.md "Limits" gives each one's reason and default): per account wherever
// the caller is signed in (accountLimit), since thousands of students may share one address (a school's
// Wi-Fi, an operator's carrier-grade NAT); per address only where there is no account yet (sharedLimit's
// default key), sized for such a crowd, the brute-force protection being the per-account login throttle
// (login-throttle.ts) and the per-inbox limit of reset mails.

/** "45 s" under two minutes, else whole minutes ("15 min"): the same in English and French. */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 120 ? `${whole} s` : `${Math.ceil(whole / 60)} min`;
}

/** 429 with Retry-After and a message saying when to try again. */
export function tooManyRequests(retryAfterMs: number, messageKey = 'rateLimited'): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(
    429,
    messageKey,
    { wait: waitText(seconds), seconds },
    { 'retry-after': String(seconds) },
  );
}

/** The client's address as the limits see it: IPv6 clients by their /64, as one device usually has one. */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip, 64);
}

export type LimitHook = (request: FastifyRequest) => Promise<void>;

export interface SharedLimitOptions {
  max: number;
  windowMs: number;
  /** What is counted; the client's address by default. Undefined: this request is not counted. */
  key?: (request: FastifyRequest) => string | undefined;
}

/**
 * Counters one limit keeps in a process's memory (without REDIS_URL): the least recently counted are
 * forgotten beyond it, so a flood of addresses or accounts cannot grow the process. The plugin's default,
 * 5,000, is less than the students one evening brings.
 */
const MEMORY_ENTRIES = 100_000;

/**
 * The limit names made on each app (keyed by its rate-limit plugin, one per app): one name, one bucket, or
 * memory (a store per limit made) and Redis (keys by name) would count differently.
 */
const namesByApp = new WeakMap<FastifyInstance['createRateLimit'], Set<string>>();

/**
 * One bucket for every route the returned hook is attached to (as onRequest, or preHandler when the key
 * needs the validated body), kept in the rate-limit plugin's store: in memory, or in Redis when REDIS_URL is
 * set, so that every server process counts together. Keys are namespaced by `name`; make each limit once
 * and attach its hook to all its routes.
 */
export function sharedLimit(app: FastifyInstance, name: string, options: SharedLimitOptions): LimitHook {
  const names = namesByApp.get(app.createRateLimit) ?? new Set<string>();
  namesByApp.set(app.createRateLimit, names);
  if (names.has(name))
    throw new Error(`Rate limit '${name}' is made twice: make it once, attach it to each route`);
  names.add(name);
  if (!app.config.rateLimit.enabled) return async () => {};
  const keyOf = options.key ?? clientAddress;
  const limiter: RateLimitOptions = {
    max: options.max,
    timeWindow: options.windowMs,
    cache: MEMORY_ENTRIES,
    keyGenerator: (request: FastifyRequest) => `${name}:${keyOf(request) ?? ''}`,
  };
  const check = app.createRateLimit(limiter);
  return async (request) => {
    if (keyOf(request) === undefined) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      request.server.metrics.rateLimited.inc({ limit: name });
      throw tooManyRequests(result.ttl);
    }
  };
}

/**
 * A limit per signed-in account, whatever address the student shares: attach it as a preHandler after
 * `app.authenticate` (`preHandler: [app.authenticate, limit]`). For any authenticated call a student could
 * repeat in a loop (payment and order starts, comments, reactions, planner writes, password checks). Access
 * code redemption is not one: wrong codes get the login throttle's growing delay (modules/codes/routes.ts).
 */
export function accountLimit(
  app: FastifyInstance,
  name: string,
  options: { max: number; windowMs: number },
): LimitHook {
  return sharedLimit(app, name, {
    ...options,
    key: (request) => {
      if (request.student === null) throw new Error(`accountLimit '${name}' runs before app.authenticate`);
      return `account:${request.student.id}`;
    },
  });
}
