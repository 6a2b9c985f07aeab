import { describe, expect, it } from 'vitest';
import { isPayerPhone, MIN_PHONE_LENGTH, PHONE_PREFIX } from '../../contract/rules/payer-phone';

// docs/product.md §5 written out again with numbers: the paying number is 237 then 9 to 12 digits, surrounding
// spaces dropped and nothing else. The app and the server both run this rule (issue 21); that the server takes
// exactly these is tests/server/payments.test.ts's "takes exactly the paying numbers the app sends".

describe('the paying number', () => {
  it('is 237 then 9 to 12 digits, surrounding spaces dropped', () => {
    expect(PHONE_PREFIX).toBe('237');
    expect(MIN_PHONE_LENGTH).toBe(12);
    for (const number of ['237670000000', '237699123456789', ' 237670000000 ', '237670000000\t']) {
      expect(isPayerPhone(number), number).toBe(true);
    }
  });

  it.each([
    ['empty', ''],
    ['the prefix alone', '237'],
    ['8 digits after 237', '23767000000'],
    ['13 digits after 237', '2376700000000000'],
    ['spaced', '237 670 000 000'],
    ['written with +', '+237670000000'],
    ['written with 00', '00237670000000'],
    ['without the prefix', '670000000000'],
    ['another country', '225670000000'],
    ['a letter in it', '23767000000O'],
  ])('refuses a number %s', (_why, number) => {
    expect(isPayerPhone(number)).toBe(false);
  });
});
