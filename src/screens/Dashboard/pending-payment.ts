import type { Subject } from '../../../contract/catalogue';
import type { Payment } from '../../../contract/payments';
import type { CartItem, PendingPayment } from '../../../machines/types';

/**
 * A PENDING payment from the server as the checkout machine resumes it: the same reference (never a new
 * request), its items as cart lines completed from the catalogue, and the amount the server recorded.
 */
export function pendingPaymentOf(
  payment: Payment,
  subjects: readonly Subject[],
  now: number,
): PendingPayment {
  const items: CartItem[] = payment.items.map((item) => {
    const subject = subjects.find((s) => s._id === item.subjectId);
    return {
      _id: item.subjectId,
      subjectTitle: subject?.subjectTitle ?? item.subjectTitle ?? '',
      pictureurl: subject?.pictureurl ?? '',
      price: subject?.price ?? 0,
      amount: item.amount,
    };
  });
  const startedAt = Date.parse(payment.createdAt);
  return {
    referenceId: payment.referenceId,
    startedAt: Number.isFinite(startedAt) ? startedAt : now,
    phone: payment.msisdn ?? '',
    items,
    amount: payment.totalCost,
  };
}
