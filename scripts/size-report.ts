/**
 * Prints the JavaScript a route makes the browser download, gzip-compressed, from the Vite build manifest.
 * `npm run size` builds first; `tsx scripts/size-report.ts --no-build` reads an existing dist/.
 * Exits 1 when the landing route is over its budget (issue: ≤ 130 KB gzip).
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';
const LANDING_BUDGET_BYTES = 130 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
}

/** The chunk and everything it imports statically: what the browser must fetch before it runs. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

function routeBytes(manifest: Manifest, keys: string[]): { files: string[]; bytes: number } {
  const all = new Set<string>();
  for (const key of keys) for (const k of staticClosure(manifest, key)) all.add(k);
  const files = [...all].map((k) => manifest[k]?.file).filter((f): f is string => Boolean(f));
  return { files, bytes: files.reduce((sum, f) => sum + gzipSize(f), 0) };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (!process.argv.includes('--no-build')) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('No entry chunk in the build manifest');

// The landing route is the entry plus the screen chunk(s) the landing route loads lazily.
const landingScreens = Object.keys(manifest).filter((k) => /src\/screens\/(Landing|TitleOnly)\b/.test(k));
const landing = routeBytes(manifest, [entryKey, ...landingScreens]);
const entryOnly = routeBytes(manifest, [entryKey]);
const allJs = Object.values(manifest)
  .map((c) => c.file)
  .filter((f) => f.endsWith('.js'));
const total = [...new Set(allJs)].reduce((sum, f) => sum + gzipSize(f), 0);

console.log(`entry (shell) JS:      ${kb(entryOnly.bytes)} gzip in ${entryOnly.files.length} file(s)`);
console.log(`landing route JS:      ${kb(landing.bytes)} gzip (budget ${kb(LANDING_BUDGET_BYTES)})`);
console.log(`all JS chunks:         ${kb(total)} gzip in ${new Set(allJs).size} file(s)`);
if (landing.bytes > LANDING_BUDGET_BYTES) {
  console.error('The landing route is over its JavaScript budget.');
  process.exit(1);
}
