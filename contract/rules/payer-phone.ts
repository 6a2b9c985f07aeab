// The paying number's rule (docs/product.md §5), one spelling for both sides: the app refuses a number the
// server would refuse before it asks for any payment (machines/mobileMoney.ts), and the server checks it again
// on every request to pay (contract/payments.ts's `msisdnSchema`, whose pattern the API document shows).
//
// Cameroon's country code, then the subscriber's number: 9 digits today, up to 12 allowed so that a longer
// numbering plan is not refused. The server takes it so, surrounding spaces apart. A student types it as it
// is written on a card or a screen ("237 6 71 23 45 67", "237-671-234-567", "+237 671…"): the app cleans
// what is typed (cleanPayerPhone: separators and a leading + dropped, as the account's phone does) before it
// checks and sends it, so the server only ever receives the clean number. A leading 00 is not dropped: the
// field is prefilled with 237, and a number that starts otherwise is refused with the same message.

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

/**
 * What a student may type between the digits of a phone number: spaces, brackets, dots and dashes. The
 * account's phone (contract/users.ts's phoneSchema) takes the same ones.
 */
export const PHONE_SEPARATOR = String.raw`[\s().-]`;
const SEPARATORS = new RegExp(PHONE_SEPARATOR, 'g');

/** The number as typed, without its separators and a leading +: what the app checks and sends. */
export function cleanPayerPhone(typed: string): string {
  return typed.replace(SEPARATORS, '').replace(/^\+/, '');
}

/** Whether the server takes this paying number as it is sent (surrounding spaces apart). */
export function isPayerPhone(typed: string): boolean {
  return PAYER_PHONE_PATTERN.test(typed.trim());
}

/** Whether a number as the student typed it pays once cleaned: the phone prompt's check. */
export function isPayablePhone(typed: string): boolean {
  return isPayerPhone(cleanPayerPhone(typed));
}
