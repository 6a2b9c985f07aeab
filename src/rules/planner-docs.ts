import type { DataOf, PlannerKind as DocKind, TimetableOverlap } from '../../contract/planner';
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

/** One document on the device. */
export interface StoredDoc<K extends DocKind = DocKind> {
  kind: K;
  id: string;
  data: DataOf[K];
  /** The server revision this copy is based on (0: never sent). */
  revision: number;
  deleted: boolean;
  /** Changed on the device and not yet accepted by the account. */
  dirty: boolean;
  /** Device clock of the last local change: tells an edit made while a send was under way. */
  changedAt: number;
  /** The server refused this version (a 4xx): shown, and not sent again until edited. */
  syncError?: string;
  /** The timetable was refused because two of its periods overlap (a merge with another device's, say). */
  syncOverlap?: TimetableOverlap;
}

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
