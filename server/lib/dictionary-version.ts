import { createHash } from 'node:crypto';

/**
 * A dictionary's version: a digest of its text (issue 19). The page names the version of each language's
 * dictionary (`assets/i18n/fr.json?v=…`, src/services/dictionaries.ts), so a returning student's browser may
 * keep the file without asking again; a deploy that changes a word changes the version, and the page, which is
 * always revalidated, names the new file. The build (vite.config.ts, scripts/prerender.ts) and the server
 * (server/lib/static-app.ts) compute it the same way from the same file.
 */
export function dictionaryVersion(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}
