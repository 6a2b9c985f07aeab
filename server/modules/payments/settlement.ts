import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../lib/db';
import { HttpError } from '../../lib/errors';
import { MomoProviderError, type ProviderStatus } from './momo-api';
import type { MomoProvider } from './momo-provider';
import {
  findPayment,
  type Grant,
  grantPayment,
  type PaymentRow,
  recordNotFound,
  recordStatus,
  type StatusChange,
  UNCONFIRMED,
} from './queries';

export interface PaymentsContext {
  db: Db;
  provider: MomoProvider;
  accessPeriodDays: number;
  log: FastifyBaseLogger;
  /** How long, and how many reads, the provider's "not found" must last before a payment is FAILED. */
  notFound: { graceMs: number; minReads: number };
  /** Told once per payment and status it reaches (PENDING when started, then its final status): metrics. */
  countStatus: (status: string) => void;
  /** Told after a committed change of a product's stock (an order placed, paid again, or given back). */
  onStockChange?: () => void;
}

/** Reports a status change made by this call (not one another call already made): metrics, stock. */
export function reportChange(context: PaymentsContext, change: StatusChange | undefined): void {
  if (change !== undefined && change.from !== change.to) context.countStatus(change.to);
  if (change?.stockReleased === true) context.onStockChange?.();
}

/** Reports a grant made by this call; an order paid out of stock is for a person to refund. */
function reportGrant(context: PaymentsContext, referenceId: string, grant: Grant | undefined): void {
  if (grant === undefined) return;
  if (grant.order?.stockChanged === true) context.onStockChange?.();
  if (grant.order?.status === 'PAID_OUT_OF_STOCK') {
    context.log.error(
      { referenceId },
      'order paid after its items went back to stock and sold out: refund it',
    );
  }
}

/**
 * Our own reasons, next to the provider's. UNCONFIRMED: the provider has not confirmed that it took the
 * request to pay (not sent yet, or it failed in a way that leaves open whether the provider received it:
 * timeout, 5xx), so the provider is asked on the next read and a payment it did take is still settled.
 */
export const LOCAL_REASONS = {
  unconfirmed: UNCONFIRMED,
  rejected: 'PROVIDER_REJECTED',
  amountDisagrees: 'AMOUNT_MISMATCH',
} as const;

export function providerDown(): HttpError {
  return new HttpError(503, 'paymentProviderDown', {}, { 'retry-after': '5' });
}

function needsProviderRead(payment: PaymentRow): boolean {
  if (payment.granted_at !== null || payment.status === 'SUCCESSFUL') return false;
  return payment.status === 'PENDING' || payment.reason === LOCAL_REASONS.unconfirmed;
}

/** The provider took exactly what we asked for (a provider that omits the fields is taken at its word). */
function agreesWithOrder(status: ProviderStatus, payment: PaymentRow): boolean {
  const amountAgrees = status.amount === undefined || Number(status.amount) === payment.total_cost;
  const currencyAgrees = status.currency === undefined || status.currency === payment.currency;
  return amountAgrees && currencyAgrees;
}

async function readProvider(
  context: PaymentsContext,
  referenceId: string,
): Promise<ProviderStatus | 'notFound'> {
  try {
    return await context.provider.getStatus(referenceId);
  } catch (error) {
    // Never heard of it: the request to pay never reached it, is still on its way, or the provider lost it.
    if (error instanceof MomoProviderError && error.kind === 'notFound') return 'notFound';
    context.log.warn({ err: error, referenceId }, 'mobile money status read failed');
    throw providerDown();
  }
}

/**
 * Brings a payment up to date: asks the provider while it is not final, stores the answer, and settles
 * a SUCCESSFUL payment (grant included, exactly once). This is also how a payment left PENDING by a
 * closed app is reconciled: whichever read comes next settles it.
 */
export async function refreshPayment(context: PaymentsContext, payment: PaymentRow): Promise<PaymentRow> {
  const referenceId = payment.reference_id;
  let current = payment;
  if (needsProviderRead(current)) {
    const status = await readProvider(context, referenceId);
    if (status === 'notFound') {
      reportChange(context, await recordNotFound(context.db, referenceId, context.notFound));
    } else if (status.status === 'SUCCESSFUL' && agreesWithOrder(status, current)) {
      const grant = await grantPayment(
        context.db,
        referenceId,
        context.accessPeriodDays,
        status.financialTransactionId,
      );
      if (grant !== undefined) context.countStatus('SUCCESSFUL');
      reportGrant(context, referenceId, grant);
    } else if (status.status === 'SUCCESSFUL') {
      context.log.error({ referenceId, status }, 'provider settled another amount or currency than ordered');
      reportChange(
        context,
        await recordStatus(context.db, referenceId, { ...status, reason: LOCAL_REASONS.amountDisagrees }),
      );
    } else {
      reportChange(context, await recordStatus(context.db, referenceId, status));
    }
    current = (await findPayment(context.db, referenceId)) ?? current;
  }
  // SUCCESSFUL but not granted: a settlement interrupted before its transaction committed.
  if (current.status === 'SUCCESSFUL' && current.granted_at === null && current.reason === null) {
    // The status change was counted by the read that recorded it; only the grant is left.
    reportGrant(context, referenceId, await grantPayment(context.db, referenceId, context.accessPeriodDays));
    current = (await findPayment(context.db, referenceId)) ?? current;
  }
  return current;
}
