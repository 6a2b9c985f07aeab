import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOBILE_MONEY_DELAYS } from '../../machines/mobileMoneyTypes';
import { loadConfig } from '../../server/config';
import { TEST_JWT_SECRET } from './helpers/app';

// The app's polling round and the server's first reconcile are one rule (contract/rules/payment-timing.ts): the
// server takes a pending payment over when the app stops watching it. A literal on either side fails here.
describe('payment timing shared by the app and the server', () => {
  it("starts the server's reconciler on a payment when the app's polling round ends", () => {
    const dir = mkdtempSync(join(tmpdir(), 'study-app-payment-timing-'));
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: TEST_JWT_SECRET, SEED: 'false' });
    expect(config.payments.reconcileAfterMs).toBe(MOBILE_MONEY_DELAYS.pollDeadline);
    expect(MOBILE_MONEY_DELAYS.pollDeadline).toBe(120_000);
  });
});
