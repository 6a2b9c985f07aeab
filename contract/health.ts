import { z } from 'zod';

/** The newest complete backup in the server's BACKUP_DIR, and whether the schedule has fallen behind. */
export const backupHealthSchema = z.object({
  lastAt: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  /** BACKUP_EVERY in seconds; null without a schedule. */
  everySeconds: z.number().nullable(),
  overdue: z.boolean(),
});

/**
 * GET health: 200 when the database answers, 503 otherwise; momo says whether the provider is reachable,
 * storage whether DATA_DIR can take writes (a full or read-only disk: writes answer 503), backup when the
 * data was last saved elsewhere.
 */
export const healthResponse = z.object({
  ok: z.boolean(),
  db: z.boolean(),
  momo: z.boolean(),
  storage: z.boolean(),
  backup: backupHealthSchema,
});
export type HealthResponse = z.infer<typeof healthResponse>;
