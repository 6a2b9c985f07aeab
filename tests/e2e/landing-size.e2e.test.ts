import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  kb,
  LANDING_BUDGET_BYTES,
  measureLanding,
  measurePlayerStart,
  PLAYER_START_BUDGET_BYTES,
} from '../../scripts/landing-size';
import { LANGUAGE_PAGES } from '../../scripts/prerender';
import { ROUTE_CODE_ID, type RouteChunks } from '../../scripts/route-chunks';

// Students pay for every megabyte: the landing route's JavaScript stays within its budget (npm run size),
// checked on the very build the journeys run against.
describe('landing route JavaScript', () => {
  it(`stays within ${kb(LANDING_BUDGET_BYTES)} gzip, the checkout, PWA and XState code out of it`, () => {
    const size = measureLanding(inject('e2eStaticDir'));
    expect(size.landingBytes, `landing route JS is ${kb(size.landingBytes)}`).toBeLessThanOrEqual(
      LANDING_BUDGET_BYTES,
    );
    // Loaded when first needed (issue 12), so none of them may sit among the landing's files.
    for (const lazy of [
      'checkout-actor',
      'pwa-actors',
      'CheckoutFlow',
      'CartModalContainer',
      'PwaOverlays',
      'ShellOverlays-',
      'service-worker-bridge',
      'clear-caches',
      'use-form',
      // XState and the root actors: the landing as served hydrates without them.
      'statecharts-',
      'start-app-actors',
      'resource-actor',
    ]) {
      expect(
        size.landingFiles.some((file) => file.includes(lazy)),
        `${lazy} on the landing route`,
      ).toBe(false);
    }
  });

  // Issue 19: a lesson's cold start on a poor 3G link waits for every byte and request before the player.
  it(`starts a lesson cold within ${kb(PLAYER_START_BUDGET_BYTES)} gzip, without the landing's chunks or up next`, () => {
    const player = measurePlayerStart(inject('e2eStaticDir'));
    expect(player.bytes, `a lesson's cold start is ${kb(player.bytes)}`).toBeLessThanOrEqual(
      PLAYER_START_BUDGET_BYTES,
    );
    for (const later of ['Landing-', 'UpNextPanel-', 'upnext']) {
      expect(player.files.filter((file) => file.includes(later))).toEqual([]);
    }
  });

  // Issue 19: home's largest paint (the first card) waits for home's code; the happenings strip under the
  // catalogue, with the reading list's stores, loads once the catalogue is there.
  it("fetches home's screen without the happenings strip's code", () => {
    const html = readFileSync(join(inject('e2eStaticDir'), 'index.html'), 'utf8');
    const block = /<script type="application\/json" id="app-code">([^<]*)<\/script>/.exec(html);
    const code = JSON.parse(block?.[1] ?? '{}') as RouteChunks;
    const home = (code.routes['/home'] ?? []).map((index) => code.files[index] ?? '');
    expect(home.some((file) => file.includes('/Home-'))).toBe(true);
    for (const later of ['HappeningsStrip-', 'happenings', 'saved-scholarship-', 'content-stores-']) {
      expect(home.filter((file) => file.includes(later))).toEqual([]);
    }
  });

  it("lists in each prerendered page the app's code the inline script starts: the actors apart, each route's screen", () => {
    const dist = inject('e2eStaticDir');
    for (const page of Object.values(LANGUAGE_PAGES)) {
      const html = readFileSync(join(dist, page), 'utf8');
      const block = /<script type="application\/json" id="app-code">([^<]*)<\/script>/.exec(html);
      expect(block, `${page} has its app-code block`).not.toBeNull();
      const code = JSON.parse(block?.[1] ?? '{}') as RouteChunks & {
        modulepreload: string[];
        actors: string[];
      };
      // The landing as served hydrates without XState and the root actors: fetched only for a shell page.
      const actorsCode = ['statecharts-', 'start-app-actors', 'resource-actor'];
      for (const name of actorsCode) {
        expect(
          code.modulepreload.some((href) => href.includes(name)),
          `${name} in ${page}'s preloads`,
        ).toBe(false);
        expect(
          code.actors.some((href) => href.includes(name)),
          `${name} among ${page}'s actors`,
        ).toBe(true);
      }
      const home = (code.routes['/home'] ?? []).map((index) => code.files[index] ?? '');
      expect(home.some((href) => /\/Home-[\w-]+\.js$/.test(href))).toBe(true);
      for (const href of code.files) expect(existsSync(join(dist, href)), href).toBe(true);
      // The build's route table was moved into the block, not left in the page as well.
      expect(html).not.toContain(`id="${ROUTE_CODE_ID}"`);
    }
  });
});
