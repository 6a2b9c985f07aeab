import { failureSchema } from '../../contract/common';

/** Pieces of route schemas shared by several modules: the contract's shared words, and how routes use them. */

export {
  failureSchema,
  messageSchema,
  type Section,
  sectionSchema,
  successSchema,
} from '../../contract/common';

/** The failure statuses a route documents, all with the same body. */
export function failures(...statuses: number[]): Record<number, typeof failureSchema> {
  return Object.fromEntries(statuses.map((status) => [status, failureSchema]));
}

export const bearerSecurity = [{ bearerAuth: [] }];
