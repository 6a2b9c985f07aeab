import { useTranslation } from 'react-i18next';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date in the student's language, e.g. '12 Jan 2026' / '12 janv. 2026'. */
export function formatDate(iso: string, lang: string): string {
  const locale = lang === 'fr' ? 'fr-CM' : 'en-CM';
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
    formatters.set(locale, formatter);
  }
  const time = Date.parse(iso);
  return Number.isFinite(time) ? formatter.format(time) : iso;
}

export function DateText({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={iso}>{formatDate(iso, i18n.language)}</time>;
}
