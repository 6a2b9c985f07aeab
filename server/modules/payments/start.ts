import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../lib/db';
import { HttpError } from '../../lib/errors';
import { checkExternalId } from './external-id';
import { MomoProviderError } from './momo-api';
import {
  findOrderLine,
  insertOrderLine,
  type OrderLine,
  productForOrder,
  reserveStock,
  sameOrderLine,
} from './order-line-queries';
import { type PaymentItem, type PaymentRow, subjectsByIds } from './queries';
import { LOCAL_REASONS, type PaymentsContext, providerDown, reportChange } from './settlement';
import {
  findStartedPayment,
  insertPayment,
  lockStudent,
  markAccepted,
  recentPendingPayments,
  recordRefusal,
} from './start-queries';

/**
 * A start that finds a payment of the same cart and payer still PENDING within this window answers with
 * that payment instead of charging again: the student tapped Pay twice, or came back after closing the
 * app. Past it, the provider has long expired an unapproved request, and a new one is what they want.
 */
export const PENDING_REUSE_WINDOW_MS = 15 * 60_000;

/** What a payment buys: access periods of subjects (the cart), or one product line (a shop order). */
export type Purchase = { kind: 'subjects'; items: PaymentItem[] } | { kind: 'order'; line: OrderLine };

export interface PaymentStart {
  studentId: string;
  externalId: string;
  /** The caller's Idempotency-Key header, when it sent one. */
  idempotencyKey: string | undefined;
  /** What the client believes the total is, in XAF (docs/product.md's mobile money request). */
  amount: string;
  purchase: Purchase;
  msisdn: string;
  payerMessage: string;
  payeeNote: string;
}

/** What a request to pay carries besides its purchase (the cart's, or a shop order's). */
export interface PaymentRequestBody {
  externalId: string;
  amount: string;
  payer: { partyId: string };
  payerMessage: string;
  payeeNote: string;
}

/** A payment's start as the caller asked for it, once its externalId is checked as the caller's own. */
export function paymentStartOf(
  studentId: string,
  idempotencyKey: string | undefined,
  body: PaymentRequestBody,
  purchase: Purchase,
): PaymentStart {
  checkExternalId(studentId, body.externalId);
  return {
    studentId,
    externalId: body.externalId,
    idempotencyKey,
    amount: body.amount,
    purchase,
    msisdn: body.payer.partyId,
    payerMessage: body.payerMessage,
    payeeNote: body.payeeNote,
  };
}

function sameItems(a: readonly PaymentItem[], b: readonly PaymentItem[]): boolean {
  const canonical = (items: readonly PaymentItem[]) =>
    JSON.stringify(
      [...items]
        .map((item) => [item.subjectId, item.amount])
        .sort(([x], [y]) => String(x).localeCompare(String(y))),
    );
  return canonical(a) === canonical(b);
}

/** The stored payment buys exactly this purchase. */
async function samePurchase(tx: Queryable, stored: PaymentRow, purchase: Purchase): Promise<boolean> {
  if (stored.kind !== purchase.kind) return false;
  if (purchase.kind === 'subjects') return sameItems(stored.items, purchase.items);
  const line = await findOrderLine(tx, stored.reference_id);
  return line !== undefined && sameOrderLine(line, purchase.line);
}

async function sameRequest(tx: Queryable, stored: PaymentRow, start: PaymentStart): Promise<boolean> {
  return (
    stored.total_cost === Number(start.amount) &&
    stored.msisdn === start.msisdn &&
    (await samePurchase(tx, stored, start.purchase))
  );
}

/** The purchase priced from the server's own prices; an order's line also keeps its unit price. */
async function price(
  tx: Queryable,
  purchase: Purchase,
): Promise<{ total: number; unitPrice: number | null }> {
  if (purchase.kind === 'order') {
    const product = await productForOrder(tx, purchase.line.productId);
    if (product === undefined)
      throw new HttpError(400, 'orderUnknownProduct', { productId: purchase.line.productId });
    return { total: product.price * purchase.line.quantity, unitPrice: product.price };
  }
  const subjects = new Map(
    (await subjectsByIds(tx, [...new Set(purchase.items.map((item) => item.subjectId))])).map((subject) => [
      subject.id,
      subject,
    ]),
  );
  let total = 0;
  for (const item of purchase.items) {
    const subject = subjects.get(item.subjectId);
    if (subject === undefined)
      throw new HttpError(400, 'paymentUnknownSubject', { subjectId: item.subjectId });
    total += subject.price * item.amount;
  }
  return { total, unitPrice: null };
}

/**
 * Finds the payment this start stands for, or creates it (PENDING, not yet confirmed by the provider),
 * one student at a time: a replay (same externalId or Idempotency-Key) gets its payment back, the same
 * key for another purchase is a conflict, and the same purchase still pending for the same payer is
 * reused. An order takes its items from stock here, in the same transaction: when the stock does not have
 * them the start is refused (409) before anything reaches the provider, and nothing is written.
 */
async function findOrCreatePayment(
  context: PaymentsContext,
  start: PaymentStart,
): Promise<{ payment: PaymentRow; created: boolean }> {
  return context.db.transaction(async (tx) => {
    await lockStudent(tx, start.studentId);
    const started = await findStartedPayment(tx, start.studentId, start);
    if (started !== undefined) {
      if (!(await sameRequest(tx, started, start))) throw new HttpError(409, 'paymentReferenceReused');
      return { payment: started, created: false };
    }

    const { purchase } = start;
    const { total, unitPrice } = await price(tx, purchase);
    if (total !== Number(start.amount)) throw new HttpError(409, 'paymentTotalMismatch');
    if (total <= 0) throw new HttpError(400, 'paymentFree');

    const pending = await recentPendingPayments(tx, {
      studentId: start.studentId,
      kind: purchase.kind,
      totalCost: total,
      msisdn: start.msisdn,
      withinMs: PENDING_REUSE_WINDOW_MS,
    });
    for (const payment of pending) {
      if (await samePurchase(tx, payment, purchase)) return { payment, created: false };
    }

    if (purchase.kind === 'order') {
      const left = await reserveStock(tx, purchase.line.productId, purchase.line.quantity);
      if (left === undefined) {
        const stock = (await productForOrder(tx, purchase.line.productId))?.stock ?? 0;
        throw stock > 0
          ? new HttpError(409, 'orderNotEnoughStock', { stock })
          : new HttpError(409, 'orderOutOfStock');
      }
    }
    // Stored before the provider is asked: a crash in between leaves a payment that a replay sends again.
    const created = await insertPayment(tx, {
      referenceId: randomUUID(),
      kind: purchase.kind,
      externalId: start.externalId,
      idempotencyKey: start.idempotencyKey,
      studentId: start.studentId,
      items: purchase.kind === 'subjects' ? purchase.items : [],
      totalCost: total,
      currency: context.provider.currency,
      msisdn: start.msisdn,
    });
    if (purchase.kind === 'order' && unitPrice !== null) {
      await insertOrderLine(tx, { referenceId: created.reference_id, line: purchase.line, unitPrice });
    }
    return { payment: created, created: true };
  });
}

function awaitsProvider(payment: PaymentRow): boolean {
  if (payment.provider_accepted_at !== null || payment.granted_at !== null) return false;
  return payment.status === 'PENDING' || payment.reason === LOCAL_REASONS.unconfirmed;
}

/**
 * Asks the provider to collect the payment under its own reference id. Safe to repeat: the provider
 * answers a reference it already has with 409 RESOURCE_ALREADY_EXIST and charges once.
 */
async function sendToProvider(
  context: PaymentsContext,
  payment: PaymentRow,
  start: PaymentStart,
): Promise<void> {
  const referenceId = payment.reference_id;
  try {
    await context.provider.requestToPay({
      referenceId,
      amount: payment.total_cost,
      externalId: payment.external_id,
      msisdn: payment.msisdn ?? start.msisdn,
      payerMessage: start.payerMessage,
      payeeNote: start.payeeNote,
    });
  } catch (error) {
    if (error instanceof MomoProviderError && error.code === 'RESOURCE_ALREADY_EXIST') {
      await markAccepted(context.db, referenceId);
      return;
    }
    if (error instanceof MomoProviderError && error.kind !== 'unavailable') {
      reportChange(
        context,
        await recordRefusal(context.db, referenceId, error.code ?? LOCAL_REASONS.rejected),
      );
    }
    // Unavailable: whether the provider got it is open. The payment stays PENDING and unconfirmed; a
    // replay sends it again, and reads ask the provider, so nothing is lost nor charged twice.
    context.log.warn({ err: error, referenceId }, 'mobile money request to pay failed');
    throw providerDown();
  }
  await markAccepted(context.db, referenceId);
}

/**
 * Starts payments idempotently; each start answers with the reference id the client polls. Concurrent
 * replays in one process share one provider call (across processes, the provider's 409 deduplicates).
 */
export function paymentStarter(context: PaymentsContext): (start: PaymentStart) => Promise<string> {
  const inFlight = new Map<string, Promise<void>>();
  return async (start) => {
    const { payment, created } = await findOrCreatePayment(context, start);
    if (created) context.countStatus('PENDING');
    if (created && payment.kind === 'order') context.onStockChange?.();
    if (awaitsProvider(payment)) {
      let sending = inFlight.get(payment.reference_id);
      if (sending === undefined) {
        sending = sendToProvider(context, payment, start).finally(() =>
          inFlight.delete(payment.reference_id),
        );
        inFlight.set(payment.reference_id, sending);
      }
      await sending;
    }
    return payment.reference_id;
  };
}
