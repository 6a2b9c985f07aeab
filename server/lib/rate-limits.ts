import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { HttpError } from './errors';

/**
 * Route-level rate limit, for the `config` of a route: `config: routeRateLimit(app.config, 'payment')`.
 * The limiter is registered with global: false, so only routes carrying this are limited. Each route gets
 * its own bucket; use sharedLimit() for one bucket over several routes.
 */
export function routeRateLimit(
  config: Config,
  kind: 'login' | 'register' | 'forgot' | 'payment',
): { rateLimit?: { max: number; timeWindow: number } } {
  if (!config.rateLimit.enabled) return {};
  const max = {
    login: config.rateLimit.loginMax,
    register: config.rateLimit.registerMax,
    forgot: config.rateLimit.forgotMax,
    payment: config.rateLimit.paymentMax,
  }[kind];
  return { rateLimit: { max, timeWindow: config.rateLimit.windowMs } };
}

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
 * One bucket for every route the returned hook is attached to (as onRequest, or preHandler when the key
 * needs the validated body), kept in the rate-limit plugin's store: in memory, or in Redis when REDIS_URL is
 * set, so that every server process counts together. Keys are namespaced by `name`.
 */
export function sharedLimit(app: FastifyInstance, name: string, options: SharedLimitOptions): LimitHook {
  if (!app.config.rateLimit.enabled) return async () => {};
  const keyOf = options.key ?? clientAddress;
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: (request: FastifyRequest) => `${name}:${keyOf(request) ?? ''}`,
  });
  return async (request) => {
    if (keyOf(request) === undefined) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      request.server.metrics.rateLimited.inc({ limit: name });
      throw tooManyRequests(result.ttl);
    }
  };
}
