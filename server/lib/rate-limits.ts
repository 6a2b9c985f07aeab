import type { Config } from '../config';

/**
 * Route-level rate limit, for the `config` of a route: `config: routeRateLimit(app.config, 'login')`.
 * The limiter is registered with global: false, so only routes carrying this are limited.
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
