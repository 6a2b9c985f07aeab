/**
 * The student's language as a cookie, beside local storage's `language`: the server and the service worker
 * read it to send the first screen already written in that language (issue 12), which they cannot do from
 * local storage. It holds only 'en' or 'fr', nothing personal.
 */
export const LANGUAGE_COOKIE = 'language';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export function writeLanguageCookie(
  lang: 'en' | 'fr' | null,
  doc: Pick<Document, 'cookie'> = document,
): void {
  doc.cookie =
    lang === null
      ? `${LANGUAGE_COOKIE}=; path=/; max-age=0; SameSite=Lax`
      : `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
