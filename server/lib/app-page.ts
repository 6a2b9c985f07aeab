import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptLanguageTags, languageFor } from '../../contract/rules/language';
import { addVary } from './vary';

/**
 * The app's page, prerendered by the build in each language (scripts/prerender.ts): a page URL gets the one
 * in the student's language, so the first screen arrives written in it. The language cookie (written by
 * the app with the stored choice) comes first, then the browser's Accept-Language; English otherwise.
 */
export const APP_PAGES = { en: 'index.html', fr: 'index.fr.html' } as const;
export type PageLanguage = keyof typeof APP_PAGES;

const LANGUAGE_COOKIE = /(?:^|;\s*)language=(en|fr)(?:;|$)/;

/** The language rule (contract/rules/language.ts): the choice in the cookie, else the browser's languages. */
export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined): PageLanguage {
  const chosen = cookie === undefined ? undefined : LANGUAGE_COOKIE.exec(cookie)?.[1];
  return languageFor(chosen, acceptLanguageTags(acceptLanguage));
}

/** The page file to send: the language's own when the build has it (an older build has index.html only). */
export function appPageFile(staticDir: string, request: FastifyRequest): string {
  const file = APP_PAGES[pageLanguage(request.headers.cookie, request.headers['accept-language'])];
  return existsSync(join(staticDir, file)) ? file : APP_PAGES.en;
}

export function sendAppPage(staticDir: string, request: FastifyRequest, reply: FastifyReply) {
  // Shared caches must keep one copy per language choice.
  return addVary(reply, 'Accept-Encoding, Accept-Language, Cookie')
    .header('cache-control', 'no-cache')
    .sendFile(appPageFile(staticDir, request));
}

/**
 * CSP sources for the pages' inline scripts (the prerendered page's first-screen script): their SHA-256,
 * so `script-src` stays 'self' for everything else.
 */
export function inlineScriptHashes(staticDir: string): string[] {
  const hashes = new Set<string>();
  for (const file of Object.values(APP_PAGES)) {
    const path = join(staticDir, file);
    if (!existsSync(path)) continue;
    const html = readFileSync(path, 'utf8');
    for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(match[1] ?? '')
          .digest('base64')}'`,
      );
    }
  }
  return [...hashes];
}
