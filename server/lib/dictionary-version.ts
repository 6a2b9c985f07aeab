import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '../../contract/rules/language';

/**
 * A dictionary's version: a digest of its text (issue 19). The page names the version of each language's
 * dictionary (`assets/i18n/fr.json?v=…`, src/services/dictionaries.ts), so a returning student's browser may
 * keep the file without asking again; a deploy that changes a word changes the version, and the page, which is
 * always revalidated, names the new file. The build (vite.config.ts, scripts/prerender.ts) and the server
 * (server/lib/static-app.ts) compute it the same way from the same file, through dictionaryVersions.
 */
export function dictionaryVersion(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** A language's dictionary under an app's root: `public/` in the sources, the build's output once built. */
export const dictionaryFile = (root: string, lang: Language): string =>
  join(root, 'assets', 'i18n', `${lang}.json`);

/** Each language's dictionary version under `root`; a language without its file is left out. */
export function dictionaryVersions(root: string): Partial<Record<Language, string>> {
  const versions: Partial<Record<Language, string>> = {};
  for (const lang of LANGUAGES) {
    const file = dictionaryFile(root, lang);
    if (existsSync(file)) versions[lang] = dictionaryVersion(readFileSync(file));
  }
  return versions;
}
