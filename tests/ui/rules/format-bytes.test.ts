import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { formatBytes } from '../../../src/rules/format-bytes';

/** What the sizes read before issue 19: Intl's formatting, the rule's oracle. */
function byIntl(bytes: number, lang: string): string {
  const units = lang === 'fr' ? ['o', 'ko', 'Mo', 'Go'] : ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit <= 1 ? 0 : 1;
  const number = new Intl.NumberFormat(lang, {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
  return `${number.format(value)}\u00A0${units[unit]}`;
}

describe('formatBytes', () => {
  it.each([
    [0, 'en', '0\u00A0B'],
    [999, 'fr', '999\u00A0o'],
    [12_345, 'en', '12\u00A0kB'],
    [999_500, 'en', '1,000\u00A0kB'],
    [999_500, 'fr', '1\u202F000\u00A0ko'],
    [1_250_000, 'en', '1.3\u00A0MB'],
    [1_250_000, 'fr', '1,3\u00A0Mo'],
    [48_049_000, 'fr', '48,0\u00A0Mo'],
    [2_600_000_000, 'en', '2.6\u00A0GB'],
  ])('%d bytes in %s reads %s', (bytes, lang, expected) => {
    expect(formatBytes(bytes, lang)).toBe(expected);
  });

  it('reads as Intl wrote it, in both languages, for every size (without loading its locale data)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.nat({ max: 5_000_000_000 }), fc.double({ min: 0, max: 2e12, noNaN: true })),
        fc.constantFrom('en', 'fr'),
        (bytes, lang) => formatBytes(bytes, lang) === byIntl(bytes, lang),
      ),
      { numRuns: 5_000 },
    );
  });

  it("builds no Intl formatter for a lesson's sizes: its first use loads the locale's data before Play shows", () => {
    const intl = vi.spyOn(Intl, 'NumberFormat');
    for (const bytes of [0, 850, 14_000, 1_250_000, 48_049_000, 2_600_000_000])
      for (const lang of ['en', 'fr']) formatBytes(bytes, lang);
    expect(intl).not.toHaveBeenCalled();
    intl.mockRestore();
  });
});
