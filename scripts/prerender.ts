/**
 * Prerenders the first screen into a finished Vite build (issue 12): the landing route inside the shell,
 * rendered with react-dom/server by the very components the browser hydrates, once per language:
 * `index.html` (en) and `index.fr.html` (fr). The server sends the one matching the student's language
 * cookie or Accept-Language, the service worker the one matching the stored language. Each page carries the
 * critical CSS inline, the member navbar in a template and the inline script that adapts the markup to the
 * visit before the first paint (src/app/first-screen-boot.ts). vite.config.ts runs it after every production
 * build, before the service worker is built (so the precache has the prerendered pages).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { dictionaryVersions } from '../server/lib/dictionary-version.ts';
import type * as Prerender from '../src/app/prerender.tsx';
import { dictionaryUrl } from '../src/services/dictionaries.ts';
import { ROUTE_CODE_ID, type RouteChunks } from './route-chunks.ts';

const ROOT = resolve(import.meta.dirname, '..');
export const LANGUAGE_PAGES = { en: 'index.html', fr: 'index.fr.html' } as const;
type PageLanguage = keyof typeof LANGUAGE_PAGES;
type Renderer = typeof Prerender;

/** The SSR bundle lives under node_modules so its bare imports (react, i18next…) resolve from there. */
async function loadRenderer(): Promise<{ renderer: Renderer; cleanUp: () => void }> {
  const cacheDir = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cacheDir, { recursive: true });
  const outDir = mkdtempSync(join(cacheDir, 'prerender-'));
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    publicDir: false,
    plugins: [react()],
    define: { 'import.meta.env.VITE_API_BASE_URL': JSON.stringify('') },
    build: {
      ssr: join(ROOT, 'src/app/prerender.tsx'),
      outDir,
      emptyOutDir: true,
      target: 'node20',
      // The inline scripts are these functions' source text: minified, every page carries fewer bytes.
      minify: true,
      rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  const renderer = (await import(pathToFileURL(join(outDir, 'prerender.mjs')).href)) as Renderer;
  return { renderer, cleanUp: () => rmSync(outDir, { recursive: true, force: true }) };
}

/** Stylesheets the first screen needs, by the hrefs index.html links or preloads. */
function inlineCss(html: string, outDir: string): string {
  const read = (href: string) => readFileSync(join(outDir, href), 'utf8').replace(/<\/style/gi, '<\\/style');
  // The entry's stylesheet becomes inline: no render-blocking request before the first paint.
  let page = html.replace(
    /<link rel="stylesheet"[^>]*href="\.\/([^"]+\.css)"[^>]*>/g,
    (_tag, href: string) => {
      return `<style>${read(href)}</style>`;
    },
  );
  // The landing chunk's styles too; their preload stays, because Vite's chunk loader links them again.
  const preloaded = [...page.matchAll(/<link rel="preload" as="style" href="\.\/([^"]+\.css)"[^>]*>/g)];
  const styles = preloaded.map((match) => `<style>${read(match[1] ?? '')}</style>`).join('');
  page = page.replace('</head>', `${styles}</head>`);
  return page;
}

function pageFor(
  renderer: Renderer,
  { page: withoutCode, code: appCode }: ReturnType<typeof takeAppCode>,
  lang: PageLanguage,
  screen: Prerender.PrerenderedScreen,
  dictionary: Record<string, unknown>,
  requests: Prerender.FirstScreenRequest[],
): string {
  const { PRERENDER_ATTRIBUTES, MEMBER_NAVBAR_ID, APP_CODE_ID, BOOT_SCRIPT } = renderer;
  const code = {
    ...withFirstScreenData(appCode, requests),
    firstCard: renderer.firstCardTexts(lang, dictionary),
    lesson: renderer.earlyLessonTexts(lang, dictionary),
  };
  const description = (dictionary.firstScreen as Record<string, string> | undefined)?.description;
  if (!description) throw new Error(`firstScreen.description is missing from the ${lang} dictionary`);
  const year = new Date().getFullYear();
  const root = [
    `<div id="root" ${PRERENDER_ATTRIBUTES.state}="landing" ${PRERENDER_ATTRIBUTES.lang}="${lang}" ${PRERENDER_ATTRIBUTES.year}="${year}">`,
    screen.landing,
    '</div>',
    `<template id="${MEMBER_NAVBAR_ID}">${screen.memberNavbar}</template>`,
    // Data, not code: the first-screen script reads it and starts the app after the first paint.
    `<script type="application/json" id="${APP_CODE_ID}">${JSON.stringify(code).replace(/</g, '\\u003c')}</script>`,
    `<script>${BOOT_SCRIPT}</script>`,
  ].join('');
  const page = withoutCode
    .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeAttribute(description)}" />`,
    )
    .replace(/\s*<!--[^>]*first render waits[^>]*-->/, '')
    .replace('<div id="root"></div>', root);
  if (!page.includes(`${PRERENDER_ATTRIBUTES.state}="landing"`))
    throw new Error('index.html has no empty #root');
  return page;
}

/**
 * The app's code as Vite linked it in the head (entry script, module preloads, the dictionary preload),
 * taken out of the head: nothing but the HTML and its inline CSS stands before the first paint.
 */
function takeAppCode(template: string, dictionaries: Record<PageLanguage, string>) {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!entry?.[1]) throw new Error('index.html has no entry script');
  const links = [...template.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g)];
  const href = (match: RegExpMatchArray) => match[1] as string;
  // The root actors' chunks (vite.config.ts marks them): the landing as served hydrates without them.
  const isActors = (match: RegExpMatchArray) => match[0].includes('data-actors');
  // The landing screen's chunks (vite.config.ts marks them): only a visit that shows the landing needs them.
  const isLanding = (match: RegExpMatchArray) => match[0].includes('data-landing');
  const routeCode = new RegExp(
    `\\s*<script type="application/json" id="${ROUTE_CODE_ID}">([^<]*)</script>`,
  ).exec(template);
  if (!routeCode?.[1]) throw new Error(`index.html has no #${ROUTE_CODE_ID} block`);
  const page = template
    .replace(routeCode[0], '')
    .replace(entry[0], '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<link rel="preload" href="[^"]+\.json" as="fetch" crossorigin \/>/, '');
  const code = {
    // The dictionary the first render waits for, by language (the visit's language may not be the page's),
    // each under its version's URL: the very URL the app's code asks for (src/services/dictionaries.ts).
    dictionaries,
    modulepreload: links.filter((match) => !isActors(match) && !isLanding(match)).map(href),
    landing: links.filter(isLanding).map(href),
    actors: links.filter(isActors).map(href),
    // Each route's own chunks, for a visit that opens on it (scripts/route-chunks.ts).
    ...(JSON.parse(routeCode[1]) as RouteChunks),
    script: entry[1],
  };
  return { page, code };
}

/**
 * The lesson's request when the page opens on the player (issue 19, src/app/lesson-start-boot.ts). Only for
 * an app whose API is the page's origin: a build for another server (VITE_API_BASE_URL, the native shell)
 * lets the app's code ask.
 */
function withLessonStart(page: string, renderer: Renderer, apiBaseUrl: string, code: string[]): string {
  if (apiBaseUrl !== '') return page;
  return renderer.withLessonStartScript(page, renderer.lessonStartScriptWith(code));
}

/**
 * What the player's first render needs, fetched by the head's lesson script (src/app/lesson-start-boot.ts):
 * the entry's modules, the root actors' and the player route's own chunks and stylesheets, as the boot
 * script's list names them (the entry itself stays the boot script's to add).
 */
function lessonCode(code: { modulepreload: string[]; actors: string[] } & RouteChunks, playerPath: string) {
  const route = (code.routes[playerPath] ?? []).map((index) => code.files[index] ?? '').filter(Boolean);
  if (route.length === 0) throw new Error(`The build lists no chunks for ${playerPath}`);
  return [...code.modulepreload, ...code.actors, ...route];
}

/**
 * Issue 19: each route's first request (home's and study-sections' catalogue), which the page's inline script
 * sends while the HTML is parsed instead of the app once its code has run (src/app/first-screen-data.ts).
 */
function withFirstScreenData<Code extends object>(code: Code, requests: Prerender.FirstScreenRequest[]) {
  return { ...code, data: requests };
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Each built dictionary's URL with its version, as the app's code computes it from the same files. */
function dictionaryUrls(outDir: string): Record<PageLanguage, string> {
  const versions = dictionaryVersions(outDir);
  const languages = Object.keys(LANGUAGE_PAGES) as PageLanguage[];
  return Object.fromEntries(languages.map((lang) => [lang, dictionaryUrl(lang, versions)])) as Record<
    PageLanguage,
    string
  >;
}

/** `apiBaseUrl`: the app build's VITE_API_BASE_URL, so the inline script asks where the app would. */
export async function prerenderFirstScreen(
  outDir: string,
  { apiBaseUrl = '' }: { apiBaseUrl?: string } = {},
): Promise<{ pages: string[]; bytes: number }> {
  const template = inlineCss(readFileSync(join(outDir, 'index.html'), 'utf8'), outDir);
  const { renderer, cleanUp } = await loadRenderer();
  const pages: string[] = [];
  let bytes = 0;
  try {
    const requests = await renderer.routeRequests(apiBaseUrl.trim());
    // The app's code as the template links it: the same for both languages' pages.
    const app = takeAppCode(template, dictionaryUrls(outDir));
    const lesson = lessonCode(app.code, renderer.LESSON_START_KEYS.playerPath);
    for (const lang of Object.keys(LANGUAGE_PAGES) as PageLanguage[]) {
      const dictionary = JSON.parse(
        readFileSync(join(outDir, 'assets', 'i18n', `${lang}.json`), 'utf8'),
      ) as Record<string, unknown>;
      const screen = await renderer.prerenderFirstScreen(lang, dictionary);
      const page = pageFor(renderer, app, lang, screen, dictionary, requests);
      const html = withLessonStart(page, renderer, apiBaseUrl.trim(), lesson);
      writeFileSync(join(outDir, LANGUAGE_PAGES[lang]), html);
      pages.push(LANGUAGE_PAGES[lang]);
      bytes += Buffer.byteLength(html);
    }
  } finally {
    cleanUp();
  }
  return { pages, bytes };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const outDir = resolve(process.argv[2] ?? 'dist');
  const { pages, bytes } = await prerenderFirstScreen(outDir);
  console.log(`prerendered ${pages.join(', ')}: ${bytes} bytes`);
}
