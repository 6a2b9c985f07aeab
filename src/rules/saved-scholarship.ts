import * as z from 'zod/mini';
import { bilingualSchema, entriesOf } from '../../contract/stored';

/**
 * The scholarships a student saved, written to the device by the scholarships screens (issue 8) under this
 * key as a JSON array (src/services/content/saved-scholarships.ts is their only writer). The planner reads
 * them for the schedule and the deadline reminders: this shape is the one both read.
 */
export const SAVED_SCHOLARSHIPS_KEY = 'saved-scholarships';

/** A saved entry as the scholarships list keeps and shows it. */
export const savedScholarshipEntrySchema = z.object({
  id: z.string(),
  title: bilingualSchema,
  /** In English, as this list has always held it (the planner reads it); `providerName` has both. */
  provider: z.string(),
  /** The provider in both languages (saved since issue 18; `provider` alone before). */
  providerName: z.optional(bilingualSchema),
  /** ISO 8601 date-time: the last moment to apply. */
  deadline: z.string(),
  url: z.string(),
  /** ISO 8601: when the student saved it. */
  savedAt: z.string(),
});

/** An entry the planner can schedule: its deadline and save time are real date-times. */
export const savedScholarshipSchema = z.extend(savedScholarshipEntrySchema, {
  deadline: z.iso.datetime({ offset: true }),
  savedAt: z.iso.datetime({ offset: true }),
});

export type SavedScholarship = z.infer<typeof savedScholarshipEntrySchema>;

/** The entries of a stored list the scholarships list shows: an entry of another shape is left out. */
export const savedEntries = (list: unknown): SavedScholarship[] =>
  entriesOf(list, savedScholarshipEntrySchema);

/** Absent, unreadable or not a list: none saved. Only entries the planner can schedule are kept. */
export function parseSavedScholarships(value: unknown): SavedScholarship[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return entriesOf(list, savedScholarshipSchema);
}
