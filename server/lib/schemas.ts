import { z } from 'zod';
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

const fileBytes = z.string().meta({ format: 'binary' });

/**
 * A file's answers (media, book PDFs, live playlists and segments): the whole file (200), the range asked for
 * (206, Range), or nothing when the client's copy is current (304, If-None-Match or If-Modified-Since).
 */
export function fileResponses(...contentTypes: string[]) {
  const content = Object.fromEntries(contentTypes.map((type) => [type, { schema: fileBytes }]));
  return {
    200: { description: 'The file', content },
    206: { description: 'The part of the file the Range header asked for', content },
    304: z.undefined().describe('Not modified: the copy the client has is current (no body)'),
  };
}
