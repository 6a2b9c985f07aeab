import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
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
  const results = await new AxeBuilder({ page }).analyze();
  const findings: AxeFinding[] = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
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
