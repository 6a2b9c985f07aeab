import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Where each screen's full axe result is kept (gitignored), for the violations the suite tolerates. */
export const AXE_REPORT_DIR = resolve(import.meta.dirname, '..', '..', '..', 'test-results', 'e2e-axe');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe on what the page shows now. A serious or critical violation fails the journey; the others are
 * written to test-results/e2e-axe/<screen>.json and returned, so they are visible without blocking.
 */
export async function expectAccessible(page: Page, screen: string): Promise<AxeFinding[]> {
  await ensureAxe(page);
  const findings = await axeViolations(page);
  mkdirSync(AXE_REPORT_DIR, { recursive: true });
  writeFileSync(
    join(AXE_REPORT_DIR, `${screen}.json`),
    `${JSON.stringify({ screen, url: page.url(), findings }, null, 2)}\n`,
  );
  const blocking = findings.filter(
    (finding) => finding.impact === 'serious' || finding.impact === 'critical',
  );
  expect(blocking, `serious or critical accessibility violations on ${screen}`).toEqual([]);
  return findings;
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

/**
 * axe-core in the page's document, injected once per document (a navigation brings a fresh one). Not
 * @axe-core/playwright's AxeBuilder: its analyze() injected axe again at every screen, then opened a blank page
 * in the context to merge the results of frames (the app has none) and carried every pass and incomplete
 * result across: 4 to 6 s a screen on a loaded two-core machine, for the same violations axe.run gives here.
 */
async function ensureAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  axeSource ??= readFileSync(AXE_SCRIPT, 'utf8');
  await page.evaluate(axeSource);
}

/**
 * axe-core itself in every page of the context, from its first script on: a walk over many screens then
 * runs it without injecting it each time (AxeBuilder does, which costs more than the run on a slow machine).
 */
export async function injectAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ path: AXE_SCRIPT });
}

/** Every axe violation on the page now, any impact (the default rules, as AxeBuilder runs them). */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  const options: RunOptions = { resultTypes: ['violations'] };
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run(c: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(
        document,
        runOptions,
      ),
    options,
  );
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
