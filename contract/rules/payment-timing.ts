// When the app stops watching a mobile money payment and the server takes over (no zod here: the machines
// and the app's first screen read it).

/**
 * One polling round of the app (machines/mobileMoney.ts): it asks for the payment's status for this long,
 * then stops and offers to check again. The server's reconciler (server/modules/payments/reconciler.ts)
 * first checks a pending payment after the same delay (PAYMENT_RECONCILE_AFTER_MS's default), so a payment
 * the app stopped watching is never left alone, and the two do not ask the provider about it together.
 */
export const PAYMENT_POLL_ROUND_MS = 120_000;
