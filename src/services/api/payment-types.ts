import type { User } from './account-types';
import type { Bilingual, Role } from './common-types';

// The cart, mobile money payments and the shop's orders they pay (API.md "Payments", "Transactions").

/** SPEC.md §3: a cart line is a subject plus a quantity of access periods (starts at 1). */
export interface CartItem {
  _id: string;
  subjectTitle: string;
  pictureurl: string;
  price: number;
  amount: number;
}

/** Statuses as the mobile money provider reports them; others (REJECTED, TIMEOUT, ...) may appear. */
export type PaymentStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED' | (string & {});

export interface PaymentItem {
  subjectId: string;
  amount: number;
}

/** What a shop order became: items held while it is paid, paid, or given back when the payment failed. */
export type OrderStatus = 'RESERVED' | 'PAID' | 'RELEASED' | 'PAID_OUT_OF_STOCK' | (string & {});

/** A shop order's line (issue 8): one product, a quantity and the delivery town. */
export interface OrderLineView {
  productId: string;
  title: Bilingual;
  /** The product's first picture. */
  picture: string | null;
  quantity: number;
  /** XAF, the price when the order was placed. */
  unitPrice: number;
  town: string;
  status: OrderStatus;
}

export interface Payment {
  referenceId: string;
  /** subjects: access periods (items); order: a shop product (order). Absent from an older server: subjects. */
  kind?: 'subjects' | 'order';
  externalId: string;
  /** null once the student deleted the account (payments are kept, anonymised, for accounting). */
  userId: string | null;
  /** subjectTitle is null when the subject no longer exists. */
  items: (PaymentItem & { subjectTitle: string | null })[];
  totalCost: number;
  currency: string;
  msisdn: string | null;
  status: PaymentStatus;
  /** The provider's reason for a FAILED payment. */
  reason: string | null;
  createdAt: string;
  settledAt: string | null;
  /** A shop order's line; null (or absent) for a subject payment. */
  order?: OrderLineView | null;
}

/** A shop order with the mobile money payment that pays it (`GET shop/orders/{referenceId}`). */
export interface Order extends OrderLineView {
  referenceId: string;
  externalId: string;
  /** XAF: quantity × unitPrice. */
  totalCost: number;
  currency: string;
  msisdn: string | null;
  paymentStatus: PaymentStatus;
  reason: string | null;
  createdAt: string;
  settledAt: string | null;
}

export interface MakePaymentRequest {
  id: string;
  username: string;
  role: Role;
  /** Subject titles, checked by the server against the payment's items. */
  paidSubjects: string[];
  totalCost: number;
  referenceId: string;
}

export interface RequestToPayPayload {
  /** A string, as the provider's API wants it. */
  amount: string;
  currency: 'XAF';
  /** ORDER_{userId}_{timestamp}, see makeExternalId. */
  externalId: string;
  payer: { partyIdType: 'MSISDN'; partyId: string };
  payerMessage: string;
  payeeNote: string;
  items: PaymentItem[];
}

// Responses

/** SPEC.md's mobile money request with a shop order's line in place of the cart's items. */
export interface PlaceOrderPayload {
  productId: string;
  quantity: number;
  town: string;
  amount: string;
  currency: 'XAF';
  externalId: string;
  payer: { partyIdType: 'MSISDN'; partyId: string };
  payerMessage: string;
  payeeNote: string;
}

export interface MakePaymentResponse {
  success: boolean;
  user?: User;
  msg?: string;
}

export interface RequestToPayResponse {
  success: boolean;
  referenceId: string;
}

export interface PaymentStatusResponse {
  success: boolean;
  status: PaymentStatus;
  reason?: string;
}

export interface PlaceOrderResponse {
  success: boolean;
  referenceId: string;
  order: Order;
}

export interface OrderResponse {
  success: boolean;
  order: Order;
}
