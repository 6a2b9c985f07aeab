import { claimPaymentsToReconcile, scheduleNextCheck } from './reconcile-queries';
import { type PaymentsContext, refreshPayment } from './settlement';

/**
 * The background reconciler: payments whose app went away (closed, offline, out of battery) are settled
 * by asking the provider again, with a growing interval, until the provider gives a final answer. Every
 * server process runs one; a claim is a lease taken with SKIP LOCKED, so processes sharing a database
 * never check the same payment at the same time, and a crashed process's claims run out by themselves.
 */
export const RECONCILER = {
  /** Payments taken per run. */
  batch: 20,
  /** How long a claim keeps other reconcilers away (longer than a run's provider calls can take). */
  leaseMs: 5 * 60_000,
  /** Then, after the configured first delay, every 30 s, doubling up to every 30 min. */
  firstRetryMs: 30_000,
  maxRetryMs: 30 * 60_000,
  /** A payment still unsettled after a week is left for a person to look at (it is logged). */
  maxAgeMs: 7 * 24 * 3600_000,
} as const;

export function retryDelayMs(attempts: number): number {
  return Math.min(RECONCILER.firstRetryMs * 2 ** Math.max(0, attempts - 1), RECONCILER.maxRetryMs);
}

export interface ReconcileRun {
  /** Payments claimed and asked about. */
  checked: number;
  /** Of those, granted now. */
  settled: number;
  /** Of those, final without success (FAILED or another provider status). */
  failed: number;
  /** Provider or database errors met (those payments are tried again later). */
  errors: number;
}

/** One word for a pass, for the metrics. */
export function runOutcome(run: ReconcileRun): 'error' | 'settled' | 'checked' | 'idle' {
  if (run.errors > 0) return 'error';
  if (run.settled > 0) return 'settled';
  return run.checked > 0 ? 'checked' : 'idle';
}

export interface Reconciler {
  /** One pass over the payments that are due. */
  runOnce(): Promise<ReconcileRun>;
  stop(): Promise<void>;
}

export function createReconciler(
  context: PaymentsContext,
  options: {
    /** Between passes; 0: no timer, passes only on runOnce(). */
    intervalMs: number;
    /** A payment's first check by the reconciler comes this long after its start (the app polls before). */
    firstCheckAfterMs: number;
    /** How long a start may still be sending its request to pay (a few provider timeouts). */
    startMayTakeMs: number;
    onRun?: (run: ReconcileRun) => void;
  },
): Reconciler {
  let running: Promise<ReconcileRun> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function pass(): Promise<ReconcileRun> {
    let claimed: Awaited<ReturnType<typeof claimPaymentsToReconcile>>;
    try {
      claimed = await claimPaymentsToReconcile(context.db, {
        limit: RECONCILER.batch,
        leaseMs: RECONCILER.leaseMs,
        firstCheckAfterMs: options.firstCheckAfterMs,
        unconfirmedAfterMs: options.startMayTakeMs,
        maxAgeMs: RECONCILER.maxAgeMs,
      });
    } catch (error) {
      context.log.warn({ err: error }, 'reconciler could not claim payments (database unavailable?)');
      const run: ReconcileRun = { checked: 0, settled: 0, failed: 0, errors: 1 };
      options.onRun?.(run);
      return run;
    }
    const run: ReconcileRun = { checked: claimed.length, settled: 0, failed: 0, errors: 0 };
    for (const payment of claimed) {
      try {
        const current = await refreshPayment(context, payment);
        if (current.granted_at !== null) run.settled += 1;
        else if (current.status !== 'PENDING') run.failed += 1;
      } catch (error) {
        run.errors += 1;
        context.log.warn({ err: error, referenceId: payment.reference_id }, 'reconciliation deferred');
      }
      // Unscheduled (database gone), the payment's lease still runs out and it comes back on its own.
      await scheduleNextCheck(context.db, payment.reference_id, retryDelayMs(payment.check_attempts)).catch(
        () => undefined,
      );
    }
    if (run.checked > 0) context.log.info(run, 'payments reconciled');
    options.onRun?.(run);
    return run;
  }

  function runOnce(): Promise<ReconcileRun> {
    // One pass at a time in a process: a slow provider must not pile passes up.
    if (running === undefined) {
      running = pass().finally(() => {
        running = undefined;
      });
    }
    return running;
  }

  if (options.intervalMs > 0) {
    timer = setInterval(() => {
      runOnce().catch((error: unknown) => context.log.warn({ err: error }, 'reconciler pass failed'));
    }, options.intervalMs);
    // The reconciler never keeps the process alive on its own.
    timer.unref();
  }

  return {
    runOnce,
    async stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
