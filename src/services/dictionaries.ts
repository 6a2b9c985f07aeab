/** docs/product.md §7 "Translations": GET /assets/i18n/{lang}.json returns a key-value dictionary. */

/** A dictionary's path relative to the app's root (the service worker keeps it: src/sw/language-packs.ts). */
export const dictionaryPath = (lang: string): string => `assets/i18n/${encodeURIComponent(lang)}.json`;

/** The build's dictionary versions, or none where the build did not write them (the service worker). */
const builtVersions = (): Readonly<Record<string, string>> =>
  typeof __DICTIONARY_VERSIONS__ === 'undefined' ? {} : __DICTIONARY_VERSIONS__;

/**
 * The dictionary's URL as the app asks for it, relative to the page (the app works from a sub-path and inside
 * the Capacitor shell alike): with its version (server/lib/dictionary-version.ts), so that the server lets a
 * browser keep it (issue 19: a returning student's first render no longer waits for a round trip to ask
 * whether the words changed). The page's inline script preloads the same URL (scripts/prerender.ts).
 */
export function dictionaryUrl(
  lang: string,
  versions: Readonly<Record<string, string>> = builtVersions(),
): string {
  const version = versions[lang];
  return `./${dictionaryPath(lang)}${version ? `?v=${version}` : ''}`;
}

export async function fetchDictionary(
  lang: string,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<Record<string, unknown>> {
  const response = await fetchImpl(dictionaryUrl(lang));
  if (!response.ok) throw new Error(`Dictionary ${lang} answered ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error(`Dictionary ${lang} is not an object`);
  }
  return body as Record<string, unknown>;
}
