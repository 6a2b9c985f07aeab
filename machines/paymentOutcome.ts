// The payment outcome rule is shared with the server (its checkout names a payment's standing in words), so
// it lives in contract/rules/payment-outcome.ts; the machines read it here under its former name.
export {
  type PaymentStanding,
  type ProviderAnswer,
  paymentStanding,
  type UnpaidOutcome,
  unpaidOutcome,
} from '../contract/rules/payment-outcome';
