const UNITS: Readonly<Record<'en' | 'fr', readonly string[]>> = {
  en: ['B', 'kB', 'MB', 'GB'],
  // French counts octets: "Mo", "Go", as the carriers' bundles say.
  fr: ['o', 'ko', 'Mo', 'Go'],
};

/** Sizes as students read them on their data plans: 1 decimal in MB/GB (decimal units, as carriers count). */
export function formatBytes(bytes: number, lang: string): string {
  const units = UNITS[lang === 'fr' ? 'fr' : 'en'];
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
  // A no-break space keeps the unit with its number on a narrow screen.
  return `${number.format(value)}\u00A0${units[unit]}`;
}
