import { describe, expect, it } from 'vitest';
import {
  decodeJwtPayload,
  EXPIRING_SOON_MS,
  expiresAt,
  isExpiringSoon,
  isTokenExpired,
} from '../../../src/rules/jwt';

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function tokenWith(payload: unknown): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

const EXP_SECONDS = 1_700_000_000;
const EXP_MS = EXP_SECONDS * 1_000;
const token = tokenWith({ sub: 'u1', exp: EXP_SECONDS, jti: 'j1' });

describe('decodeJwtPayload', () => {
  it('reads the payload, base64url and UTF-8 included', () => {
    // "é" and "?" in the JSON make base64url's '-' and '_' and a missing padding appear.
    const payload = { sub: 'u1', name: 'Ámélie Ngo Bassa', note: '??>>', exp: EXP_SECONDS };
    const encoded = tokenWith(payload);
    expect(encoded.split('.')[1]).toMatch(/[-_]/);
    expect(decodeJwtPayload(encoded)).toEqual(payload);
  });

  it.each([
    ['an empty string', ''],
    ['two segments', 'a.b'],
    ['four segments', 'a.b.c.d'],
    ['a payload that is not base64url', 'a.b+c/.d'],
    ['a payload that is not JSON', `a.${base64url('hello')}.c`],
    ['a payload that is a JSON array', `a.${base64url('[1]')}.c`],
    ['a payload that is JSON null', `a.${base64url('null')}.c`],
    ['a payload of invalid UTF-8', `a.${btoa('\xff\xfe').replace(/\//g, '_').replace(/=+$/, '')}.c`],
  ])('returns null for %s', (_label, value) => {
    expect(decodeJwtPayload(value)).toBeNull();
  });
});

describe('expiresAt', () => {
  it('is the exp claim in milliseconds', () => {
    expect(expiresAt(token)).toBe(EXP_MS);
  });

  it('is null for a missing token, an unreadable one, or one without a numeric exp', () => {
    expect(expiresAt(null)).toBeNull();
    expect(expiresAt(undefined)).toBeNull();
    expect(expiresAt('garbage')).toBeNull();
    expect(expiresAt(tokenWith({ sub: 'u1' }))).toBeNull();
    expect(expiresAt(tokenWith({ exp: '1700000000' }))).toBeNull();
  });
});

describe('isTokenExpired (docs/product.md §5)', () => {
  it('is true for a missing, unreadable or exp-less token', () => {
    expect(isTokenExpired(null, 0)).toBe(true);
    expect(isTokenExpired(undefined, 0)).toBe(true);
    expect(isTokenExpired('', 0)).toBe(true);
    expect(isTokenExpired('not.a.jwt', 0)).toBe(true);
    expect(isTokenExpired(tokenWith({ sub: 'u1' }), 0)).toBe(true);
  });

  it('is false until the instant of exp, true from it on', () => {
    expect(isTokenExpired(token, EXP_MS - 1)).toBe(false);
    expect(isTokenExpired(token, EXP_MS)).toBe(true);
    expect(isTokenExpired(token, EXP_MS + 1)).toBe(true);
  });
});

describe('isExpiringSoon (under 5 minutes left)', () => {
  it('uses a 5-minute threshold', () => {
    expect(EXPIRING_SOON_MS).toBe(300_000);
  });

  it('is false with exactly 5 minutes left, true with a millisecond less', () => {
    expect(isExpiringSoon(token, EXP_MS - 5 * 60_000)).toBe(false);
    expect(isExpiringSoon(token, EXP_MS - 5 * 60_000 + 1)).toBe(true);
  });

  it('is true up to the last millisecond, and false once expired or without a token', () => {
    expect(isExpiringSoon(token, EXP_MS - 1)).toBe(true);
    expect(isExpiringSoon(token, EXP_MS)).toBe(false);
    expect(isExpiringSoon(null, EXP_MS)).toBe(false);
    expect(isExpiringSoon('garbage', EXP_MS)).toBe(false);
  });

  it('is false with plenty of time left', () => {
    expect(isExpiringSoon(token, EXP_MS - 60 * 60_000)).toBe(false);
  });
});
