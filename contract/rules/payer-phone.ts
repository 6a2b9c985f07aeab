// The paying number's rule (docs/product.md §5), one spelling for both sides: the app refuses a number the
// server would refuse before it asks for any payment (machines/mobileMoney.ts), and the server checks it again
// on every request to pay (contract/payments.ts's `msisdnSchema`, whose pattern the API document shows).
//
// Cameroon's country code, then the subscriber's number: 9 digits today, up to 12 allowed so that a longer
// numbering plan is not refused. Surrounding spaces are dropped (the app sends the number trimmed, the
// server trims it); nothing else is: a number typed with spaces, dashes or a leading + inside is not one.

/** Cameroon's country code: the paying number starts with it, and the app's phone fields are prefilled with it. */
export const PHONE_PREFIX = '237';
/** The shortest paying number: the prefix and 9 digits. */
export const MIN_PHONE_LENGTH = 12;
/** The most digits after the prefix. */
const MAX_SUBSCRIBER_DIGITS = 12;
/** The paying number as the server takes it, once trimmed. */
export const PAYER_PHONE_PATTERN = new RegExp(
  `^${PHONE_PREFIX}\\d{${MIN_PHONE_LENGTH - PHONE_PREFIX.length},${MAX_SUBSCRIBER_DIGITS}}$`,
);

/** Whether the server takes this paying number, as typed. */
export function isPayerPhone(typed: string): boolean {
  return PAYER_PHONE_PATTERN.test(typed.trim());
}
