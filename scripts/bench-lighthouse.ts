/**
 * Lighthouse (npm `lighthouse` 12, mobile settings: simulated slow 4G, 4× CPU slowdown) with Debian's
 * Chromium, against the production build served by the real server. Prints the four category scores and
 * the size of the service worker's precache. `npm run bench:lighthouse` builds first; `--no-build` reuses dist/.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { SW_FILE } from './build-sw';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
const CHROMIUM = '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The precache manifest workbox-build wrote into sw.js, and what its files weigh on disk. */
export function precacheSize(distDir: string): { files: number; bytes: number } {
  const sw = readFileSync(join(distDir, SW_FILE), 'utf8');
  const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] as string);
  const bytes = urls.reduce((sum, url) => sum + statSync(join(distDir, url)).size, 0);
  return { files: urls.length, bytes };
}

async function main() {
  if (!process.argv.includes('--no-build')) execSync('npx vite build', { cwd: ROOT, stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'study-app-lighthouse-'));
  const app = await buildApp(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: DIST, LOG_LEVEL: 'warn' }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}/`;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      // Nothing but the page under test touches the network (this machine has none to spare).
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--disable-extensions',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    // Chromium sometimes fails to record the page-load trace (NO_NAVSTART); such a run measures nothing, so
    // it is run again, up to three times in all.
    let result: Awaited<ReturnType<typeof lighthouse>>;
    for (let attempt = 1; ; attempt++) {
      result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result?.lhr.runtimeError || attempt === 3) break;
      console.log(`(run ${attempt}: ${result.lhr.runtimeError.code}, measuring again)`);
    }
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    console.log(`Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${url}`);
    for (const category of CATEGORIES) {
      const score = lhr.categories[category]?.score;
      console.log(
        `${category.padEnd(16)} ${score === null || score === undefined ? 'n/a' : Math.round(score * 100)}`,
      );
    }
    // A category without a score means Lighthouse could not measure it this run; say why instead of a number.
    if (lhr.runtimeError)
      console.log(`  runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    for (const audit of Object.values(lhr.audits)) {
      if (audit.scoreDisplayMode === 'error')
        console.log(`  ! ${audit.id}: ${audit.errorMessage ?? 'error'}`);
    }
    const failing = Object.values(lhr.audits).filter(
      (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative',
    );
    for (const audit of failing)
      console.log(`  - ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    const { files, bytes } = precacheSize(DIST);
    console.log(`precache        ${files} files, ${(bytes / 1024).toFixed(1)} KiB`);
  } finally {
    await chrome.kill();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
