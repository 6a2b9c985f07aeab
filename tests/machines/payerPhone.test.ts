import { describe, expect, it } from 'vitest';
import {
  cleanPayerPhone,
  isPayablePhone,
  isPayerPhone,
  MIN_PHONE_LENGTH,
  PHONE_PREFIX,
} from '../../contract/rules/payer-phone';

// docs/product.md §5 written out again with numbers: the paying number is 237 then 9 to 12 digits, surrounding
// spaces dropped and nothing else, as the server takes it; the app cleans what a student types before it checks
// and sends it (separators and a leading + dropped). The app and the server both run this rule (issue 21); that the server takes
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

describe('the paying number as a student types it', () => {
  it.each([
    ['spaced in pairs', '237 6 71 23 45 67', '237671234567'],
    ['with dashes', '237-671-234-567', '237671234567'],
    ['with dots', '237.671.234.567', '237671234567'],
    ['with brackets', '(237) 671 234 567', '237671234567'],
    ['with a leading +', '+237 671 234 567', '237671234567'],
    ['with a + and no spaces', '+237671234567', '237671234567'],
    ['with a tab and surrounding spaces', ' 237\t671234567 ', '237671234567'],
    ['already clean', '237671234567', '237671234567'],
  ])('is sent clean when %s', (_how, typed, sent) => {
    expect(cleanPayerPhone(typed)).toBe(sent);
    expect(isPayablePhone(typed)).toBe(true);
  });

  it.each([
    ['with 00 before the country code', '00237 671 234 567'],
    ['with a + inside', '237+671234567'],
    ['with two +', '++237671234567'],
    ['with a slash', '237/671/234/567'],
    ['with a letter O for a zero', '237 67O 234 567'],
    ['too short once cleaned', '237 671 234 56'],
    ['without the prefix', '671 234 567'],
  ])('is still refused %s', (_how, typed) => {
    expect(isPayablePhone(typed)).toBe(false);
  });
});
