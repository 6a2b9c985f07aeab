import { sandboxCredentialStore } from '../../../server/modules/payments/credential-queries';
import { MomoProvider } from '../../../server/modules/payments/momo-provider';
import type { PaymentsContext } from '../../../server/modules/payments/settlement';
import type { TestApp } from './app';
import type { TestEmulator } from './momo-emulator';

/**
 * What a background reconciler of the test app works with, built apart from the app's own so a test can run
 * one (or two at once) on its own schedule: the app's database and configuration, the test's emulator.
 */
export function reconcilerContext(
  t: TestApp,
  emulator: TestEmulator,
  notFoundGraceMs: number,
): PaymentsContext {
  return {
    db: t.db,
    provider: new MomoProvider({
      config: t.config.momo,
      fetch: emulator.fetch,
      credentialStore: sandboxCredentialStore(t.db),
    }),
    accessPeriodDays: t.config.accessPeriodDays,
    log: t.app.log,
    notFound: { graceMs: notFoundGraceMs, minReads: 2 },
    countStatus: () => {},
  };
}
