import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, PHONE } from './harness/browser';
import { type LayoutFinding, layoutFindings, MIN_TARGET_PX } from './harness/layout-checks';

// The layout guard's checks (harness/layout-checks.ts) on small pages written for them, at 360 × 640: each
// fault the guard is there to catch is caught, and what the checks excuse on purpose (a link in a sentence,
// a swipeable row, a radio with its label, the page under a dialog) is not reported. Without this, a guard
// that passes over every route could be a guard that sees nothing.

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await connectBrowser();
  context = await browser.newContext({ ...PHONE });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const STYLE = `<style>
  body { margin: 0; font: 16px/1.5 sans-serif; }
  button, a.box { display: inline-block; min-width: 44px; min-height: 44px; box-sizing: border-box; }
</style>`;

async function findingsOn(body: string): Promise<LayoutFinding[]> {
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1">${STYLE}</head><body>${body}</body></html>`,
  );
  return page.evaluate(layoutFindings, MIN_TARGET_PX);
}

const checksOf = (findings: LayoutFinding[]) => findings.map((finding) => finding.check);

describe('the layout guard checks', () => {
  it('report nothing on a page that fits the phone', async () => {
    const findings = await findingsOn(`
      <main>
        <h1>Fits</h1>
        <p>A sentence with <a href="#x">a link inside it</a>, which wraps with the text.</p>
        <button type="button">Payer</button>
        <label style="display: block; padding: 12px 0"><input type="radio" name="r"> Un choix</label>
        <div style="overflow-x: auto; white-space: nowrap"><span style="display: inline-block; width: 900px">a swipeable row</span></div>
      </main>`);
    expect(findings).toEqual([]);
  });

  it('find a page wider than the phone', async () => {
    const findings = await findingsOn(`<main><div style="width: 420px">too wide</div></main>`);
    expect(findings).toEqual([
      expect.objectContaining({ check: 'overflow', detail: expect.stringContaining('0–420 px') }),
    ]);
  });

  it('find text cut off in a button, a select and a placeholder', async () => {
    const findings = await findingsOn(`
      <button type="button" style="width: 60px; height: 44px; overflow: hidden; white-space: nowrap">Mettre à jour maintenant</button>
      <select style="width: 90px; height: 44px"><option>Tous les niveaux</option></select>
      <input type="text" style="width: 80px; height: 44px" placeholder="Votre numéro de téléphone MTN">`);
    expect(checksOf(findings)).toEqual(['cut-text', 'cut-text', 'cut-text']);
    expect(findings[1]?.detail).toContain('Tous les niveaux');
  });

  it('find a tap target under 44 × 44 px', async () => {
    const findings = await findingsOn(`<main><a href="#x" style="display: inline-block">Retirer</a></main>`);
    expect(findings).toEqual([expect.objectContaining({ check: 'tap-target', element: 'a "Retirer"' })]);
  });

  it('find a fixed banner lying on a button, even one scrolled into view', async () => {
    const findings = await findingsOn(`
      <main style="height: 640px; position: relative">
        <button type="button" style="position: absolute; bottom: 8px; left: 16px; width: 200px">Payer</button>
      </main>
      <aside style="position: fixed; bottom: 0; left: 0; right: 0; height: 100px; background: #eee">Installer</aside>`);
    expect(findings).toEqual([
      expect.objectContaining({
        check: 'covered',
        element: 'button "Payer"',
        detail: expect.stringContaining('part of the fixed aside'),
      }),
    ]);
  });

  it('find a toast hiding a button though its message lets taps through', async () => {
    const findings = await findingsOn(`
      <main style="height: 640px; position: relative">
        <button type="button" style="position: absolute; bottom: 8px; left: 16px; width: 200px">Payer</button>
      </main>
      <div role="status" style="position: fixed; bottom: 0; left: 0; right: 0; height: 100px; pointer-events: none; background: #222">Prête hors ligne</div>`);
    expect(checksOf(findings)).toEqual(['covered']);
    // The page's own taps are left as they were.
    expect(
      await page.evaluate(
        () => getComputedStyle(document.querySelector('[role="status"]') as Element).pointerEvents,
      ),
    ).toBe('none');
  });

  it('count only the open dialog, not the page under it', async () => {
    const findings = await findingsOn(`
      <main><a href="#x" style="display: inline-block">x</a></main>
      <div role="dialog" aria-modal="true" aria-label="Panier" style="position: fixed; inset: 0; background: #fff">
        <button type="button" style="width: 30px; height: 30px; min-width: 0; min-height: 0">×</button>
      </div>`);
    expect(findings).toEqual([expect.objectContaining({ check: 'tap-target', element: 'button "×"' })]);
  });
});
