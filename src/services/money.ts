import type { Language } from './api/types';

// Cameroon writes 2 500 FCFA in both languages. English locales would group with a comma, so every
// grouping separator becomes a narrow no-break space, and a no-break space keeps the unit on the line.
const GROUP_SEPARATOR = '\u202F';
const UNIT_SEPARATOR = '\u00A0';

const formatters = new Map<Language, Intl.NumberFormat>();

function formatterFor(lang: Language): Intl.NumberFormat {
  let formatter = formatters.get(lang);
  if (!formatter) {
    formatter = new Intl.NumberFormat(`${lang}-CM`, {
      maximumFractionDigits: 0,
      useGrouping: true,
      numberingSystem: 'latn',
    });
    formatters.set(lang, formatter);
  }
  return formatter;
}

/**
 * An XAF amount as shown to students, e.g. '2 500 FCFA' (whole francs: XAF has no decimals). `lang` takes
 * i18next's language as is; anything but 'fr' reads as 'en' (SPEC.md §4).
 */
export function formatFcfa(amount: number, lang: Language | (string & {})): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount of money: ${amount}`);
  const digits = formatterFor(lang === 'fr' ? 'fr' : 'en')
    .formatToParts(amount)
    .map((part) => (part.type === 'group' ? GROUP_SEPARATOR : part.value))
    .join('');
  return `${digits}${UNIT_SEPARATOR}FCFA`;
}
