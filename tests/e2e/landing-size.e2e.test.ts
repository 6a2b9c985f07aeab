import { describe, expect, inject, it } from 'vitest';
import { kb, LANDING_BUDGET_BYTES, measureLanding } from '../../scripts/landing-size';

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
});
