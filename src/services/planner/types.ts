import type { SyncConflict } from '../../../machines/plannerSync';
import type { ReminderSwitches } from '../../../machines/reminderPlan';

/** The planner's documents as the server's planner module stores them (server/modules/planner/schemas.ts). */
export type DocKind = 'timetable' | 'list' | 'item';

export interface Period {
  id: string;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  day: number;
  start: string;
  end: string;
  subject: string;
  teacher: string;
  room: string;
  colour: string;
}

export interface TimetableData {
  name: string;
  days: number[];
  periods: Period[];
}

export interface ListData {
  name: string;
}

export interface ItemData {
  listId: string;
  title: string;
  /** ISO 8601 with offset, or null. */
  due: string | null;
  reminderMinutes: number | null;
  notes: string;
  done: boolean;
}

export interface DataOf {
  timetable: TimetableData;
  list: ListData;
  item: ItemData;
}

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

/** A document as the server answers it. */
export interface ServerDoc {
  kind: DocKind;
  id: string;
  revision: number;
  deleted: boolean;
  updatedAt: string;
  data: Record<string, unknown>;
}

export interface PutAnswer {
  success: true;
  document: ServerDoc;
  merged: boolean;
  conflicts: Omit<SyncConflict, 'kind' | 'id' | 'title'>[];
}

export const docKey = (kind: DocKind, id: string) => `${kind}:${id}`;
