/**
 * Reading the session token's claims on the device. Nothing here verifies a signature: the server does
 * that on every call; the app only needs `exp` to know when the session ends.
 */

import { SESSION_DELAYS } from '../../machines/session';

/** docs/product.md §5/§9: a token is "expiring soon" with under 5 minutes left: the session machine's own threshold. */
export const EXPIRING_SOON_MS = SESSION_DELAYS.expiringSoonThreshold;

export interface JwtPayload {
  exp?: number;
  iat?: number;
  sub?: string;
  jti?: string;
  [claim: string]: unknown;
}

function decodeBase64Url(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(segment) || segment.length % 4 === 1) return null;
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  try {
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The payload of a compact JWS, or null when the token is not one. */
export function decodeJwtPayload(token: string): JwtPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === undefined) return null;
  const json = decodeBase64Url(parts[1]);
  if (json === null) return null;
  try {
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as JwtPayload)
      : null;
  } catch {
    return null;
  }
}

/** When the token expires, in epoch milliseconds; null when missing, undecodable or without `exp`. */
export function expiresAt(token: string | null | undefined): number | null {
  if (!token) return null;
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1_000 : null;
}

/** docs/product.md §5: expired if missing or past its expiry; a token we cannot read counts as expired too. */
export function isTokenExpired(token: string | null | undefined, now: number): boolean {
  const expiry = expiresAt(token);
  // RFC 7519 §4.1.4: the token must be used strictly before `exp`.
  return expiry === null || now >= expiry;
}

/** Still valid, with under EXPIRING_SOON_MS left. An expired or missing token is not "expiring soon". */
export function isExpiringSoon(token: string | null | undefined, now: number): boolean {
  const expiry = expiresAt(token);
  return expiry !== null && now < expiry && expiry - now < EXPIRING_SOON_MS;
}
