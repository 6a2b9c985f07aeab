import * as z from 'zod/mini';
import type { KeyValueStore } from '../playback-positions';

/**
 * The scholarships a student saved, written to the device by the scholarships screens (issue 8) under this
 * key as a JSON array. The planner only reads them: for the schedule and the deadline reminders.
 */
export const SAVED_SCHOLARSHIPS_KEY = 'saved-scholarships';

export const savedScholarshipSchema = z.object({
  id: z.string(),
  title: z.object({ en: z.string(), fr: z.string() }),
  provider: z.string(),
  /** The provider in both languages (saved since issue 18; `provider` alone before). */
  providerName: z.optional(z.object({ en: z.string(), fr: z.string() })),
  deadline: z.iso.datetime({ offset: true }),
  url: z.string(),
  savedAt: z.iso.datetime({ offset: true }),
});

export type SavedScholarship = z.infer<typeof savedScholarshipSchema>;

/** Absent, unreadable or not a list: none saved. An entry of another shape is left out, the others kept. */
export function parseSavedScholarships(value: unknown): SavedScholarship[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const parsed = savedScholarshipSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function readSavedScholarships(kv: KeyValueStore | null): Promise<SavedScholarship[]> {
  if (!kv) return [];
  try {
    return parseSavedScholarships(await kv.get(SAVED_SCHOLARSHIPS_KEY));
  } catch {
    return [];
  }
}
