import * as z from 'zod/mini';
import type { DataOf, PlannerKind as DocKind } from '../../contract/planner';
import { overlapSchema, PLANNER_KINDS } from '../../contract/stored';
import type { ReminderSwitches } from '../../machines/reminderPlan';

/** The planner's documents as the account keeps them: the API contract's shapes (contract/planner.ts). */
export type {
  DataOf,
  ItemData,
  ListData,
  Period,
  PlannerDocument as ServerDoc,
  PlannerKind as DocKind,
  TimetableData,
  TimetableOverlap,
} from '../../contract/planner';

/**
 * One document on the device, as the planner store keeps it and reads it back (src/services/planner/planner-store.ts):
 * a stored document that fails this schema is left out, the others kept.
 */
export const storedDocSchema = z.object({
  kind: z.enum(PLANNER_KINDS),
  id: z.string(),
  /**
   * The document's fields, in its kind's shape (contract/planner.ts). Read back as an object only, not
   * through the account's rules: an edit the account refused is kept on the device as the student wrote it.
   */
  data: z.record(z.string(), z.unknown()),
  /** The server revision this copy is based on (0: never sent). */
  revision: z.number(),
  deleted: z.boolean(),
  /** Changed on the device and not yet accepted by the account. */
  dirty: z.boolean(),
  /** Device clock of the last local change: tells an edit made while a send was under way. */
  changedAt: z.number(),
  /** The server refused this version (a 4xx): shown, and not sent again until edited. */
  syncError: z.optional(z.string()),
  /** The timetable was refused because two of its periods overlap (a merge with another device's, say). */
  syncOverlap: z.optional(overlapSchema),
});

/** One document on the device: the stored fields, with the data of its kind. */
export type StoredDoc<K extends DocKind = DocKind> = Omit<
  z.infer<typeof storedDocSchema>,
  'kind' | 'data'
> & {
  kind: K;
  data: DataOf[K];
};

export type Timetable = StoredDoc<'timetable'>;
export type StudyList = StoredDoc<'list'>;
export type StudyItem = StoredDoc<'item'>;

export interface PlannerState {
  /** False until the device copy has been read. */
  readonly ready: boolean;
  readonly docs: Readonly<Record<string, StoredDoc>>;
  readonly switches: ReminderSwitches;
}

export const docKey = (kind: DocKind, id: string) => `${kind}:${id}`;

/** Live documents of one kind (tombstones hidden), for the screens. */
export function docsOf<K extends DocKind>(state: PlannerState, kind: K): StoredDoc<K>[] {
  return Object.values(state.docs).filter((doc): doc is StoredDoc<K> => doc.kind === kind && !doc.deleted);
}

export function findDoc<K extends DocKind>(
  state: PlannerState,
  kind: K,
  id: string,
): StoredDoc<K> | undefined {
  const doc = state.docs[docKey(kind, id)];
  return doc && doc.kind === kind && !doc.deleted ? (doc as StoredDoc<K>) : undefined;
}
