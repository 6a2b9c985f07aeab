/**
 * A text standing alone (a heading, a label, the start of a line) with a capital first letter. French writes
 * weekdays and months in lower case inside a sentence, which is how the browser's date formats give them
 * ("lundi"), so a French heading would otherwise read "lundi" beside "Aujourd'hui".
 */
export function capitalised(text: string, lang: string): string {
  return text.charAt(0).toLocaleUpperCase(lang === 'fr' ? 'fr-CM' : 'en-CM') + text.slice(1);
}
