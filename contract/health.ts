import { z } from 'zod';

/** GET health: 200 when the database answers, 503 otherwise; momo says whether the provider is reachable. */
export const healthResponse = z.object({ ok: z.boolean(), db: z.boolean(), momo: z.boolean() });
export type HealthResponse = z.infer<typeof healthResponse>;
