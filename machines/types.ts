import type { CartSubject } from '../contract/catalogue';
import type { CartItem as CartLine, PendingPayment as StoredPendingPayment } from '../contract/payments';
import type { ClientUser } from '../contract/users';

// Data shapes shared by several machines: the API contract's (contract/, docs/product.md §3, docs/api.md), read-only
// here. Type imports only, so the machines stay free of zod and of any I/O.

export type CartItem = Readonly<CartLine>;

/** What `cart.add` receives: a subject, before it has a quantity. */
export type Subject = Readonly<CartSubject>;

/** The student the server sent at sign-in and after each payment; the session keeps it whole. */
export type User = Readonly<ClientUser>;

/** A mobile money payment that was requested but not yet settled; persisted so a reload resumes it. */
export type PendingPayment = Readonly<StoredPendingPayment>;
