// Data shapes shared by several machines. They mirror SPEC.md §3 and API.md, but only the fields the
// machines read; the app may carry more (the index signature on User keeps server fields intact).

export interface CartItem {
  readonly _id: string;
  readonly subjectTitle: string;
  readonly pictureurl: string;
  readonly price: number;
  readonly amount: number;
}

/** What `cart.add` receives: a subject, before it has a quantity. */
export type Subject = Omit<CartItem, 'amount'>;

export interface User {
  readonly id: string;
  readonly username: string;
  readonly role: string;
  readonly [field: string]: unknown;
}

/** A mobile money payment that was requested but not yet settled; persisted so a reload resumes it. */
export interface PendingPayment {
  readonly referenceId: string;
  /** Epoch ms when the payment was requested (the app's clock, passed in by `payment.submitPhone`). */
  readonly startedAt: number;
  readonly phone: string;
  readonly items: readonly CartItem[];
  readonly amount: number;
}
