import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary } from './vary';

/**
 * The app's page, prerendered by the build in each language (scripts/prerender.ts): a page URL gets the one
 * in the student's language, so the first screen arrives written in it. The language cookie (written by
 * the app with the stored choice) comes first, then the browser's Accept-Language; English otherwise.
 */
export const APP_PAGES = { en: 'index.html', fr: 'index.fr.html' } as const;
export type PageLanguage = keyof typeof APP_PAGES;

const LANGUAGE_COOKIE = /(?:^|;\s*)language=(en|fr)(?:;|$)/;

/** Accept-Language's tags by preference (RFC 9110 §12.5.4); a q of 0 means "not this one". */
function preferredTags(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined): PageLanguage {
  const chosen = cookie === undefined ? undefined : LANGUAGE_COOKIE.exec(cookie)?.[1];
  if (chosen === 'en' || chosen === 'fr') return chosen;
  for (const tag of preferredTags(acceptLanguage ?? '')) {
    const primary = tag.split('-')[0];
    if (primary === 'en' || primary === 'fr') return primary;
  }
  return 'en';
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
