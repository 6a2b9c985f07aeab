/**
 * Prints the JavaScript a route makes the browser download, gzip-compressed, from the Vite build manifest.
 * `npm run size` builds first; `tsx scripts/size-report.ts --no-build` reads an existing dist/.
 * Exits 1 when the landing route or a lesson's cold start is over its budget (scripts/landing-size.ts).
 */
import { execSync } from 'node:child_process';
import {
  kb,
  LANDING_BUDGET_BYTES,
  measureLanding,
  measurePlayerStart,
  PLAYER_START_BUDGET_BYTES,
} from './landing-size';

if (!process.argv.includes('--no-build')) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
const size = measureLanding('dist');

console.log(`entry (shell) JS:      ${kb(size.entryBytes)} gzip in ${size.entryFiles.length} file(s)`);
console.log(`landing route JS:      ${kb(size.landingBytes)} gzip (budget ${kb(LANDING_BUDGET_BYTES)})`);
console.log(`all JS chunks:         ${kb(size.allBytes)} gzip in ${size.allFiles} file(s)`);
const player = measurePlayerStart('dist');
console.log(
  `lesson cold start:     ${kb(player.bytes)} gzip in ${player.files.length} file(s) before the player can draw (budget ${kb(PLAYER_START_BUDGET_BYTES)})`,
);
if (size.landingBytes > LANDING_BUDGET_BYTES) {
  console.error('The landing route is over its JavaScript budget.');
  process.exit(1);
}
if (player.bytes > PLAYER_START_BUDGET_BYTES) {
  console.error("A lesson's cold start is over its budget (scripts/landing-size.ts).");
  process.exit(1);
}
