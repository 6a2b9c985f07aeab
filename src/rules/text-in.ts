import type { Bilingual, Language } from '../../contract/common';

/**
 * A text of the content in the student's language. A list kept on the device (by the service worker, or
 * saved) from before the field had both languages holds one text: it is shown as it is.
 */
export function textIn(value: Bilingual | string, lang: Language): string {
  return typeof value === 'string' ? value : value[lang];
}
