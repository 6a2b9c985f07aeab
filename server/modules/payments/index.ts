import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sandboxCredentialStore } from './credential-queries';
import { registerPaymentMessages } from './messages';
import { MomoProvider } from './momo-provider';
import { ordersApi } from './orders';
import { createReconciler, runOutcome } from './reconciler';
import paymentRoutes from './routes';
import type { PaymentsContext } from './settlement';
import { paymentStarter } from './start';

/** What every payment operation works with: the database, the provider, the settings and the counters. */
function paymentsContext(app: FastifyInstance): PaymentsContext {
  // httpFetch is the app's transport for outgoing calls: tests route it into an emulator they control.
  const provider = new MomoProvider({
    config: app.config.momo,
    fetch: app.httpFetch,
    credentialStore: sandboxCredentialStore(app.db),
  });
  return {
    db: app.db,
    provider,
    accessPeriodDays: app.config.accessPeriodDays,
    log: app.log,
    notFound: {
      graceMs: app.config.payments.notFoundGraceMs,
      minReads: app.config.payments.notFoundMinReads,
    },
    countStatus: (status) => app.metrics.paymentsByStatus.inc({ status }),
    // The shop's lists show the stock: every process drops them (shared by NOTIFY on PostgreSQL).
    onStockChange: () => app.responseCache.invalidate('content|products'),
  };
}

/**
 * The payments module: mobile money payments of a cart's subjects and of shop orders, one starter, one
 * settlement, one background reconciler. Its routes are its own; the shop reaches it only through
 * `app.payments` (lib/payments-api.ts), decorated here for the whole app (fastify-plugin: not encapsulated).
 */
async function paymentsModule(app: FastifyInstance): Promise<void> {
  registerPaymentMessages();
  const context = paymentsContext(app);
  const startPayment = paymentStarter(context);
  const reconciler = createReconciler(context, {
    onRun: (run) => app.metrics.reconcilerRuns.inc({ outcome: runOutcome(run) }),
    intervalMs: app.config.payments.reconcileIntervalMs,
    firstCheckAfterMs: app.config.payments.reconcileAfterMs,
    // A start makes up to three provider calls (token, request to pay, and a retry with a fresh token).
    startMayTakeMs: 3 * app.config.momo.timeoutMs,
  });
  app.decorate('payments', ordersApi(context, startPayment));
  await app.register(async (own) => {
    // Encapsulated, so the reconciler stops before the database closes: a child plugin's onClose hooks run
    // before the root's, and this plugin itself is not encapsulated.
    own.addHook('onClose', async () => reconciler.stop());
    await own.register(paymentRoutes, { context, startPayment });
  });
}

export default fp(paymentsModule, { name: 'payments', fastify: '5.x' });
