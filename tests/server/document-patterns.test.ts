import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageQueryFields } from '../../contract/common';
import { mobileMoneyRequestFields, msisdnSchema } from '../../contract/payments';
import { isPayerPhone } from '../../contract/rules/payer-phone';
import { emailSchema, phoneSchema } from '../../contract/users';

// Issue 21: the API document's patterns are the server's own checks, so a client generated from the document
// sends what the server takes. Each pattern is read from the document's JSON schema (as the server builds it).

function documentedPattern(schema: z.ZodType): RegExp {
  const json = z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0' }) as { pattern?: string };
  if (json.pattern === undefined) throw new Error('no pattern in the document');
  return new RegExp(json.pattern);
}

/** The phone rule as the product states it: separators dropped, then a leading + and a leading 00, then 9 to
 * 15 digits. Written here on its own, as the oracle of the documented pattern. */
function phoneAccepted(typed: string): boolean {
  const digits = typed
    .replace(/[\s().-]/g, '')
    .replace(/^\+/, '')
    .replace(/^00/, '');
  return /^\d{9,15}$/.test(digits);
}

describe('the patterns the API document gives', () => {
  it('phone: accepts exactly what the server takes, as typed (spaces, +237, 00237, dashes)', () => {
    const pattern = documentedPattern(phoneSchema);
    const typing = fc.constantFrom(...'0123456789 +()-.\t\u00a0x'.split(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: typing, maxLength: 24 }), fc.string()), (typed) => {
        expect(pattern.test(typed)).toBe(phoneAccepted(typed));
        expect(phoneSchema.safeParse(typed).success).toBe(phoneAccepted(typed));
      }),
      { numRuns: 20_000 },
    );
    expect(pattern.test('+237 6 77 12 34 56')).toBe(true);
    expect(pattern.test('00237677123456')).toBe(true);
    expect(pattern.test('0012345678')).toBe(false);
  });

  it('paying number: the document, the server and the app take the same numbers (the app trims first)', () => {
    const pattern = documentedPattern(msisdnSchema);
    const typing = fc.constantFrom(...'0123456789 +x'.split(''));
    // size 'max': lengths up to 18 as often as short ones (fast-check's default keeps strings short), so the
    // numbers around the rule's bounds of 12 and 15 characters are drawn.
    const typed = fc.oneof(
      fc.string({ unit: typing, maxLength: 18, size: 'max' }),
      fc
        .string({ unit: fc.constantFrom(...'0123456789'.split('')), maxLength: 18, size: 'max' })
        .map((rest) => `237${rest}`),
    );
    fc.assert(
      fc.property(typed, (number) => {
        expect(msisdnSchema.safeParse(number).success, number).toBe(isPayerPhone(number));
        expect(pattern.test(number.trim()), number).toBe(isPayerPhone(number));
      }),
      { numRuns: 20_000 },
    );
  });

  it('e-mail: every address the document allows, the server takes', () => {
    const pattern = documentedPattern(emailSchema);
    fc.assert(
      fc.property(fc.stringMatching(pattern), (email) => {
        fc.pre(email.length <= 254);
        expect(emailSchema.safeParse(email).success).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('externalId and cursor: what matches the document passes the schema, what does not is refused', () => {
    for (const [schema, good, bad] of [
      [mobileMoneyRequestFields.externalId, 'ORDER_0f3c_1764150000000', 'ORDER_1764150000000'],
      [pageQueryFields.cursor, `eyJhIjoxfQ.${'A'.repeat(22)}`, 'not-a-cursor'],
    ] as const) {
      const pattern = documentedPattern(schema);
      expect(pattern.test(good) && schema.safeParse(good).success).toBe(true);
      expect(pattern.test(bad) || schema.safeParse(bad).success).toBe(false);
    }
  });
});
