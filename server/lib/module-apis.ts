import type { Payment } from '../../contract/payments';
import type { ClientUser } from '../../contract/users';

// What a module offers the others, decorated on the app (typed in fastify-decorations.ts): modules meet
// through these, never through each other's files. The payments module's offer is in payments-api.ts.

/** The users module (server/modules/users/index.ts). */
export interface UsersApi {
  /** The user as the app receives it after a purchase or a redemption, pictures made absolute with `origin`. */
  clientUser(studentId: string, origin: string): Promise<ClientUser>;
}

/** The codes module (server/modules/codes/index.ts). */
export interface CodesApi {
  /** The access codes the student redeemed, newest first, as entries of the transactions tab. */
  redemptions(studentId: string): Promise<Payment[]>;
}
