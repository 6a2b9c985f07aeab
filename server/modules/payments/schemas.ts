export {
  makePaymentsBody,
  type Payment as PaymentEntity,
  paymentEntity,
  referenceParams,
  requestToPayBody,
  requestToPayHeaders,
  requestToPayResponse,
  statusResponse,
} from '../../../contract/payments';
