import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adaptToVisit } from '../../../src/app/first-screen-boot';
import { PLAYER_PATH } from '../../../src/app/player-path';
import { lessonStartScriptWith } from '../../../src/app/prerender';
import { isTokenExpired } from '../../../src/rules/jwt';
import { BOOT_TEST_KEYS } from './boot-keys';

/** The head's lesson script as the page runs it, here with no code to fetch (the token and request rules). */
const LESSON_START_SCRIPT = lessonStartScriptWith([]);

// The page's two inline scripts run before any module, so each writes the token's expiry rule out again
// (src/app/lesson-start-boot.ts: ask for the lesson only for a live session; src/app/first-screen-boot.ts:
// open a member's start page). These tests hold both copies to the app's rule, src/rules/jwt.ts's
// isTokenExpired: a token is live exactly when the rule says it has not expired. Red when either drifts.

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const jwt = (payload: string) => `${base64url('{"alg":"HS256"}')}.${payload}.signature`;
const withClaims = (claims: Record<string, unknown>) => jwt(base64url(JSON.stringify(claims)));

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const EXP = Math.floor(NOW / 1000);

/** Whether the lesson script, as the page inlines it, sends the lesson's request with this token at `now`. */
function lessonScriptTakesAsLive(token: string, now: number): boolean {
  vi.setSystemTime(now);
  const pageFetch = vi.fn<typeof fetch>(async () => Response.json({}));
  vi.stubGlobal('fetch', pageFetch);
  window.location.hash = `#${PLAYER_PATH}?videoId=lesson-1`;
  window.localStorage.setItem('id_token', token);
  new Function(LESSON_START_SCRIPT)();
  return pageFetch.mock.calls.length > 0;
}

/** Whether the first-screen script opens a student's start page (a live session) with this token at `now`. */
function firstScreenTakesAsLive(token: string, now: number): boolean {
  vi.setSystemTime(now);
  document.body.innerHTML = '<div id="root"><header class="navbar"></header><main></main></div>';
  window.localStorage.setItem('id_token', token);
  window.localStorage.setItem('user', '{}');
  return adaptToVisit(BOOT_TEST_KEYS, '/').path === BOOT_TEST_KEYS.memberStartPath;
}

const copies = [
  ['the lesson script', lessonScriptTakesAsLive],
  ['the first-screen script', firstScreenTakesAsLive],
] as const;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.location.hash = '';
  document.body.innerHTML = '';
});

const table: [string, string, number][] = [
  ['live for an hour', withClaims({ sub: 'u1', exp: EXP + 3600 }), NOW],
  ['a millisecond before its expiry', withClaims({ exp: EXP }), NOW - 1],
  ['at its expiry (RFC 7519: used strictly before exp)', withClaims({ exp: EXP }), NOW],
  ['expired a minute ago', withClaims({ exp: EXP - 60 }), NOW],
  ['a fractional exp', withClaims({ exp: EXP + 0.5 }), NOW],
  ['without exp', withClaims({ sub: 'u1' }), NOW],
  ['exp as text', withClaims({ exp: String(EXP + 3600) }), NOW],
  ['exp beyond any number (1e400 reads as Infinity)', jwt(base64url(`{"exp":1e400}`)), NOW],
  ['a payload that is a list', jwt(base64url(`[${EXP + 3600}]`)), NOW],
  ['a payload that is null', jwt(base64url('null')), NOW],
  ['a name in French in its claims', withClaims({ name: 'Aminata Ébodé', exp: EXP + 3600 }), NOW],
  ['payload bytes that are not UTF-8', jwt(Buffer.from([0x7b, 0xff, 0x7d]).toString('base64url')), NOW],
  [
    'a claim with bytes that are not UTF-8',
    jwt(
      Buffer.concat([
        Buffer.from(`{"exp":${EXP + 3600},"a":"`),
        Buffer.from([0xff]),
        Buffer.from('"}'),
      ]).toString('base64url'),
    ),
    NOW,
  ],
  [
    'two parts',
    withClaims({ exp: EXP + 3600 })
      .split('.')
      .slice(0, 2)
      .join('.'),
    NOW,
  ],
  ['four parts', `${withClaims({ exp: EXP + 3600 })}.more`, NOW],
  ['padded base64', jwt(`${base64url(JSON.stringify({ exp: EXP + 3600, a: 1 }))}=`), NOW],
  [
    'plain base64 in the payload (+ and /)',
    jwt(Buffer.from(JSON.stringify({ exp: EXP + 3600, n: '>>>??' })).toString('base64')),
    NOW,
  ],
  ['not a JWT', 'not-a-jwt', NOW],
];

describe("the page scripts' copies of the token expiry rule", () => {
  for (const [copy, takesAsLive] of copies) {
    it.each(table)(
      `${copy}: a token %s is live exactly when src/rules/jwt.ts says so`,
      (_label, token, now) => {
        expect(takesAsLive(token, now)).toBe(!isTokenExpired(token, now));
      },
    );

    it(`${copy}: agrees with the rule on any exp, any moment and any other claims`, () => {
      const exp = fc.oneof(
        fc.integer({ min: EXP - 10 * 86_400, max: EXP + 10 * 86_400 }),
        fc.double({ min: EXP - 100, max: EXP + 100, noNaN: true }),
        fc.string(),
        fc.constant(null),
        fc.boolean(),
      );
      const claims = fc.record(
        { exp, sub: fc.string({ unit: 'grapheme' }), name: fc.string({ unit: 'grapheme' }) },
        { requiredKeys: [] },
      );
      fc.assert(
        fc.property(claims, fc.integer({ min: NOW - 86_400_000, max: NOW + 86_400_000 }), (payload, now) => {
          const token = withClaims(payload);
          expect(takesAsLive(token, now)).toBe(!isTokenExpired(token, now));
        }),
        { numRuns: 150 },
      );
    });
  }
});
