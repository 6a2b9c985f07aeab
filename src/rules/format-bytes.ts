const UNITS: Readonly<Record<'en' | 'fr', readonly string[]>> = {
  en: ['B', 'kB', 'MB', 'GB'],
  // French counts octets: "Mo", "Go", as the carriers' bundles say.
  fr: ['o', 'ko', 'Mo', 'Go'],
};

/**
 * Sizes as students read them on their data plans: 1 decimal in MB/GB (decimal units, as carriers count).
 * Scaled below 1,000, a size needs no grouping, only the language's decimal mark: written out rather than
 * through Intl.NumberFormat, whose first use loads the locale's data, about 0.1 s of a slow phone's main thread
 * before a lesson's Play button shows (issue 19; the same choice as src/rules/money.ts). Past 999 GB, which
 * no lesson reaches, Intl groups the thousands.
 */
export function formatBytes(bytes: number, lang: string): string {
  const language = lang === 'fr' ? 'fr' : 'en';
  const units = UNITS[language];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit <= 1 ? 0 : 1;
  // toFixed rounds the double's exact value, halves away from zero: as Intl does.
  const fixed = value.toFixed(digits);
  const number =
    Number(fixed) < 1000
      ? fixed.replace('.', language === 'fr' ? ',' : '.')
      : new Intl.NumberFormat(lang, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(
          value,
        );
  // A no-break space keeps the unit with its number on a narrow screen.
  return `${number}\u00A0${units[unit]}`;
}
