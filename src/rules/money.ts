import type { Language } from '../../contract/common';

// Cameroon writes 2 500 FCFA in both languages: whole francs (XAF has no decimals), thousands grouped by a
// narrow no-break space, a no-break space before the unit. Written out here rather than through
// Intl.NumberFormat, whose every grouping separator was replaced anyway: building the first formatter loads
// the locale's data, tens of milliseconds of a cheap phone's main thread on the first screen (issue 12).
const GROUP_SEPARATOR = '\u202F';
const UNIT_SEPARATOR = '\u00A0';

/**
 * An XAF amount as shown to students, e.g. '2 500 FCFA'. `lang` takes i18next's language as is: both
 * languages write amounts alike (docs/product.md §4), so it only documents the call site.
 */
export function formatFcfa(amount: number, _lang: Language | (string & {})): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount of money: ${amount}`);
  // Halves away from zero, as Intl rounds; BigInt writes every digit of amounts past 2^53 too.
  const francs = Math.round(Math.abs(amount));
  const digits = BigInt(francs)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR);
  return `${amount < 0 && francs > 0 ? '-' : ''}${digits}${UNIT_SEPARATOR}FCFA`;
}
