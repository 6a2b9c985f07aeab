import { useTranslation } from 'react-i18next';

const formatters = new Map<string, Intl.DateTimeFormat>();

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = {
  ...DATE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** `iso` in the student's language, one formatter per locale and shape; an unparsable date as it is. */
function format(iso: string, lang: string, shape: 'date' | 'dateTime'): string {
  const locale = lang === 'fr' ? 'fr-CM' : 'en-CM';
  const key = `${locale}|${shape}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, shape === 'date' ? DATE : DATE_TIME);
    formatters.set(key, formatter);
  }
  const time = Date.parse(iso);
  return Number.isFinite(time) ? formatter.format(time) : iso;
}

/** A date in the student's language, e.g. '12 Jan 2026' / '12 janv. 2026'. */
export const formatDate = (iso: string, lang: string): string => format(iso, lang, 'date');

/** A date with its time, e.g. '20 Nov 2026, 09:15' / '20 nov. 2026, 09:15': when a copy was saved. */
export const formatDateTime = (iso: string, lang: string): string => format(iso, lang, 'dateTime');

export function DateText({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={iso}>{formatDate(iso, i18n.language)}</time>;
}
