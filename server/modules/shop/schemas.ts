export {
  type Order as OrderEntity,
  orderParams,
  orderResponse,
  placeOrderBody,
  placeOrderResponse,
} from '../../../contract/shop';
