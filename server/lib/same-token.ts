import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a bearer token given equals the one expected (the metrics token, the operator token), in constant
 * time: both are digested first, so the lengths are equal for timingSafeEqual and how long the comparison
 * took says nothing of either token, its length included.
 */
export function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
