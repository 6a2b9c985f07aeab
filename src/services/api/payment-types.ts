import type { User } from './account-types';
import type { Role } from './common-types';

// The cart and mobile money payments (API.md "Payments", "Transactions").

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

export interface Payment {
  referenceId: string;
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
