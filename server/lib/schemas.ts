import { z } from 'zod';

/** Pieces of route schemas shared by several modules. */

export const bilingual = z.object({ en: z.string(), fr: z.string() });

export const sectionSchema = z.enum([
  'anglophone',
  'francophone',
  'diploma-exams',
  'competitive-exams',
  'extra-curricular',
]);
export type Section = z.infer<typeof sectionSchema>;

/**
 * Every failure: the status says what kind, msg says it in the caller's language, requestId names the
 * request in the server's log (X-Request-Id).
 */
export const failureSchema = z.object({
  success: z.literal(false),
  msg: z.string(),
  requestId: z.string().optional(),
});

export const messageSchema = z.object({ success: z.literal(true), msg: z.string() });
export const successSchema = z.object({ success: z.literal(true) });

/** The failure statuses a route documents, all with the same body. */
export function failures(...statuses: number[]): Record<number, typeof failureSchema> {
  return Object.fromEntries(statuses.map((status) => [status, failureSchema]));
}

export const idSchema = z.string().trim().min(1).max(100);

export const bearerSecurity = [{ bearerAuth: [] }];
