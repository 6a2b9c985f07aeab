/**
 * Builds the service worker into a finished Vite build: bundles src/sw/sw.ts into <outDir>/sw.js, then lets
 * workbox-build inject the precache manifest (the app shell) into it. vite.config.ts runs it after every
 * production build; `tsx scripts/build-sw.ts [outDir]` runs it on an existing build.
 */
import { rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';
import { LAZY_LIBRARY_GLOBS } from '../src/sw/routes';

const ROOT = resolve(import.meta.dirname, '..');
export const SW_FILE = 'sw.js';

/**
 * The app shell: everything the installed app needs to open offline, and nothing else. Each language's page
 * and dictionary are listed too, for their revisions, but the worker takes them out of the precache and
 * downloads only the student's language (src/sw/language-packs.ts).
 */
export const PRECACHE_PATTERNS = [
  'index.html',
  // The first screen prerendered in French (scripts/prerender.ts); index.html is the English one.
  'index.fr.html',
  'manifest.webmanifest',
  'assets/**/*.{js,css}',
  'assets/i18n/*.json',
  'icons/*.png',
] as const;

export interface ServiceWorkerBuild {
  /** Entries in the precache manifest. */
  count: number;
  /** Bytes the browser downloads to precache them (uncompressed). */
  size: number;
  warnings: string[];
}

export async function buildServiceWorker(outDir: string): Promise<ServiceWorkerBuild> {
  const swPath = join(outDir, SW_FILE);
  const staging = join(outDir, '.sw-build');
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    publicDir: false,
    // Workbox's development logging is dropped by this constant.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: staging,
      emptyOutDir: true,
      target: 'es2020',
      minify: true,
      // A classic script: every browser that has service workers can run it (module workers came later).
      lib: {
        entry: join(ROOT, 'src/sw/sw.ts'),
        formats: ['iife'],
        name: 'studyCamServiceWorker',
        fileName: () => SW_FILE,
      },
    },
  });
  const result = await injectManifest({
    swSrc: join(staging, SW_FILE),
    swDest: swPath,
    globDirectory: outDir,
    globPatterns: [...PRECACHE_PATTERNS],
    globIgnores: ['.vite/**', '.sw-build/**', SW_FILE, ...LAZY_LIBRARY_GLOBS],
    // Vite's hashed file names already change with their content: no revision query needed for them.
    dontCacheBustURLsMatching: /assets\/.+-[\w-]{8,}\.(js|css)$/,
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  });
  rmSync(staging, { recursive: true, force: true });
  statSync(swPath);
  return { count: result.count, size: result.size, warnings: result.warnings };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const outDir = resolve(process.argv[2] ?? 'dist');
  const { count, size, warnings } = await buildServiceWorker(outDir);
  for (const warning of warnings) console.warn(warning);
  console.log(
    `${SW_FILE}: ${count} files listed, ${(size / 1024).toFixed(1)} KiB (the language packs: one language a device)`,
  );
}
