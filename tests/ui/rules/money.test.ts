import { describe, expect, it } from 'vitest';
import { formatFcfa } from '../../../src/rules/money';

// U+202F narrow no-break space between thousands, U+00A0 no-break space before the unit.
const G = '\u202F';
const U = '\u00A0';

describe('formatFcfa', () => {
  it.each([
    [0, `0${U}FCFA`],
    [500, `500${U}FCFA`],
    [1_000, `1${G}000${U}FCFA`],
    [2_500, `2${G}500${U}FCFA`],
    [1_234_567, `1${G}234${G}567${U}FCFA`],
  ])('writes %d as %j in both languages', (amount, expected) => {
    expect(formatFcfa(amount, 'en')).toBe(expected);
    expect(formatFcfa(amount, 'fr')).toBe(expected);
  });

  it('shows whole francs only, since XAF has no decimals', () => {
    expect(formatFcfa(2_500.4, 'fr')).toBe(`2${G}500${U}FCFA`);
    expect(formatFcfa(2_499.5, 'en')).toBe(`2${G}500${U}FCFA`);
  });

  it('writes what Intl.NumberFormat writes for Cameroon, with the separators above', () => {
    const intl = (amount: number, locale: string) =>
      new Intl.NumberFormat(locale, { maximumFractionDigits: 0, numberingSystem: 'latn' })
        .formatToParts(amount)
        .map((part) => (part.type === 'group' ? G : part.value))
        .join('');
    for (const amount of [
      0, 7, 999, 1_000, 25_000, 2_500.5, 99_999.49, 1_000_000, -2_500, -1_234_567.5, 1e21,
    ]) {
      expect(formatFcfa(amount, 'en')).toBe(`${intl(amount, 'en-CM')}${U}FCFA`);
      expect(formatFcfa(amount, 'fr')).toBe(`${intl(amount, 'fr-CM')}${U}FCFA`);
    }
    // Except a negative amount that rounds to nothing, which Intl writes '-0'.
    expect(formatFcfa(-0.4, 'en')).toBe(`0${U}FCFA`);
  });

  it("reads any language but 'fr' as 'en' (i18next may report 'fr-CM' or 'de')", () => {
    expect(formatFcfa(2_500, 'de')).toBe(`2${G}500${U}FCFA`);
  });

  it('refuses what is not an amount', () => {
    expect(() => formatFcfa(Number.NaN, 'en')).toThrow(RangeError);
    expect(() => formatFcfa(Number.POSITIVE_INFINITY, 'fr')).toThrow(RangeError);
  });
});
