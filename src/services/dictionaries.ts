/** docs/product.md §7 "Translations": GET /assets/i18n/{lang}.json returns a key-value dictionary. */

/** A dictionary's path relative to the app's root (the service worker keeps it: src/sw/language-packs.ts). */
export const dictionaryPath = (lang: string): string => `assets/i18n/${encodeURIComponent(lang)}.json`;

export async function fetchDictionary(
  lang: string,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<Record<string, unknown>> {
  // Relative to the page, so the app works from a sub-path and inside the Capacitor shell alike.
  const response = await fetchImpl(`./${dictionaryPath(lang)}`);
  if (!response.ok) throw new Error(`Dictionary ${lang} answered ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error(`Dictionary ${lang} is not an object`);
  }
  return body as Record<string, unknown>;
}
