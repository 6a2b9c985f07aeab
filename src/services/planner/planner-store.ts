import * as z from 'zod/mini';
import { entriesOf } from '../../../contract/stored';
import type { ReminderSwitches } from '../../../machines/reminderPlan';
import { DEFAULT_SWITCHES, REMINDER_TIMING } from '../../../machines/reminderPlan';
import type {
  DataOf,
  DocKind,
  PlannerState,
  ServerDoc,
  StoredDoc,
  TimetableOverlap,
} from '../../rules/planner-docs';
import { docKey, storedDocSchema } from '../../rules/planner-docs';
import type { KeyValueStore } from '../playback-positions';

/**
 * The device copy of the planner, in IndexedDB (idb-keyval's default store, which logout clears with the
 * caches, docs/product.md §4). Everything is written here first, so the planner works offline; edits are marked
 * `dirty` until the account has taken them (the sync machine decides when to send).
 */
export const PLANNER_KEYS = {
  documents: 'planner-documents',
  switches: 'planner-switches',
  delivered: 'planner-delivered',
} as const;

const VERSION = 1;

/** Every record here is its data with a version stamp (docs/style.md 6). */
const envelopeOf = <T>(data: z.ZodMiniType<T>) => z.object({ v: z.literal(VERSION), data });

/** The data of a record that is this version and reads through `data`; null otherwise. */
function unwrap<T>(value: unknown, data: z.ZodMiniType<T>): T | null {
  const parsed = envelopeOf(data).safeParse(value);
  return parsed.success ? parsed.data.data : null;
}

/** The documents, each read on its own: one that fails its schema is left out, the others kept. */
function docsOf(value: unknown): Docs {
  const record = unwrap(value, z.record(z.string(), z.unknown())) ?? {};
  return Object.fromEntries(
    Object.entries(record).flatMap(([key, doc]) => {
      const parsed = storedDocSchema.safeParse(doc);
      // The data's own fields are the kind's (src/rules/planner-docs.ts says why they are not checked here).
      return parsed.success ? [[key, parsed.data as StoredDoc]] : [];
    }),
  );
}

/**
 * The reminder switches (machines/reminderPlan.ts's `ReminderSwitches`, which the machine owns: machines
 * take no schema code), with a lead time among the choices the settings offer.
 */
const switchesSchema: z.ZodMiniType<ReminderSwitches> = z.object({
  periods: z.boolean(),
  periodLeadMinutes: z
    .number()
    .check(z.refine((minutes) => REMINDER_TIMING.periodLeadMinutesChoices.includes(minutes))),
  items: z.boolean(),
  deadlines: z.boolean(),
  expiry: z.boolean(),
});

export interface PlannerStore {
  getState(): PlannerState;
  subscribe(listener: () => void): () => void;
  /** Reads the device copy; the state is `ready` afterwards even if IndexedDB is unavailable. */
  load(): Promise<void>;
  /** A local edit: saved on the device, marked unsent. */
  save<K extends DocKind>(kind: K, id: string, data: DataOf[K]): Promise<void>;
  remove(kind: DocKind, id: string): Promise<void>;
  setSwitches(switches: ReminderSwitches): Promise<void>;
  /** The account's copy: taken for every document the device has no unsent edit of. */
  applyServerDocuments(documents: readonly ServerDoc[]): Promise<void>;
  /** Unsent documents, lists first (items name them), tombstones included; refused ones wait for an edit. */
  unsent(): StoredDoc[];
  /** The account took `sent` and answered `answer`: the device keeps an edit made since, else the answer. */
  applySent(sent: StoredDoc, answer: ServerDoc): Promise<void>;
  /**
   * The account refused `sent` (invalid, full, overlapping periods): kept on the device with the reason (and
   * the two periods, for an overlap), not sent again as is.
   */
  markRefused(sent: StoredDoc, reason: string, overlap?: TimetableOverlap): Promise<void>;
  loadDelivered(): Promise<string[]>;
  saveDelivered(ids: readonly string[]): Promise<void>;
  /** Logout: the memory copy goes too (the session clears IndexedDB itself). */
  reset(): void;
}

const KIND_ORDER: Record<DocKind, number> = { list: 0, timetable: 1, item: 2 };

/** A document as the account answered it, kept on the device as synced. */
const fromServer = (server: ServerDoc, changedAt: number): StoredDoc => ({
  kind: server.kind,
  id: server.id,
  data: server.data as unknown as StoredDoc['data'],
  revision: server.revision,
  deleted: server.deleted,
  dirty: false,
  changedAt,
});

type Docs = Record<string, StoredDoc>;

/** The account's copy over the device's: every document without an unsent edit takes the account's. */
function takeServerDocuments(current: Docs, documents: readonly ServerDoc[]): Docs {
  const docs = { ...current };
  const onServer = new Set<string>();
  for (const server of documents) {
    const key = docKey(server.kind, server.id);
    onServer.add(key);
    const local = docs[key];
    if (local?.dirty) continue;
    docs[key] = fromServer(server, local?.changedAt ?? 0);
  }
  // A synced document the account no longer has (an account emptied elsewhere) is not kept.
  for (const [key, doc] of Object.entries(docs)) {
    if (!onServer.has(key) && !doc.dirty && doc.revision > 0) delete docs[key];
  }
  return docs;
}

/** The device's copy of `sent`, unless it was edited again since it was sent. */
function unchangedSince(docs: Docs, sent: StoredDoc): StoredDoc | null {
  const local = docs[docKey(sent.kind, sent.id)];
  return local && local.changedAt === sent.changedAt ? local : null;
}

/** The planner's state and its listeners; every change is written to the device after the ones before it. */
function plannerMemory(kv: KeyValueStore | null) {
  let state: PlannerState = { ready: false, docs: {}, switches: DEFAULT_SWITCHES };
  const listeners = new Set<() => void>();
  // Writes are chained so an older snapshot never lands after a newer one.
  let writing: Promise<unknown> = Promise.resolve();

  const set = (next: Partial<PlannerState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  const persist = (key: string, data: unknown): Promise<void> => {
    const envelope = { v: VERSION, data };
    const write = writing.then(async () => {
      try {
        await kv?.set(key, envelope);
      } catch {
        // A full disk or a private window: the planner still works for this visit, from memory.
      }
    });
    writing = write;
    return write;
  };

  return {
    state: () => state,
    set,
    persist,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    putDocs(docs: Docs) {
      set({ docs });
      return persist(PLANNER_KEYS.documents, docs);
    },
  };
}

/** Reads the device copy; the state is `ready` afterwards even if IndexedDB is unavailable. */
async function loadDeviceCopy(kv: KeyValueStore | null, memory: ReturnType<typeof plannerMemory>) {
  try {
    const [docs, switches] = await Promise.all([
      kv?.get(PLANNER_KEYS.documents),
      kv?.get(PLANNER_KEYS.switches),
    ]);
    memory.set({
      ready: true,
      // Edits made before the device copy was read (a very fast student) win over it.
      docs: { ...docsOf(docs), ...memory.state().docs },
      switches: unwrap(switches, switchesSchema) ?? memory.state().switches,
    });
  } catch {
    memory.set({ ready: true });
  }
}

export function createPlannerStore(kv: KeyValueStore | null, now: () => number = Date.now): PlannerStore {
  const memory = plannerMemory(kv);
  const docs = () => memory.state().docs;
  // Strictly increasing, so two edits in the same millisecond are still told apart.
  let lastChange = 0;
  const tick = () => {
    lastChange = Math.max(now(), lastChange + 1);
    return lastChange;
  };

  return {
    getState: memory.state,
    subscribe: memory.subscribe,
    load: () => loadDeviceCopy(kv, memory),
    save(kind, id, data) {
      const key = docKey(kind, id);
      const revision = docs()[key]?.revision ?? 0;
      const doc: StoredDoc = { kind, id, data, revision, deleted: false, dirty: true, changedAt: tick() };
      return memory.putDocs({ ...docs(), [key]: doc });
    },
    remove(kind, id) {
      const key = docKey(kind, id);
      const existing = docs()[key];
      if (!existing) return Promise.resolve();
      // A tombstone even for a document never synced: it may be on its way to the account right now.
      const { syncError: _refused, syncOverlap: _overlap, ...kept } = existing;
      return memory.putDocs({ ...docs(), [key]: { ...kept, deleted: true, dirty: true, changedAt: tick() } });
    },
    setSwitches(switches) {
      memory.set({ switches });
      return memory.persist(PLANNER_KEYS.switches, switches);
    },
    applyServerDocuments: (documents) => memory.putDocs(takeServerDocuments(docs(), documents)),
    unsent: () =>
      Object.values(docs())
        .filter((doc) => doc.dirty && doc.syncError === undefined)
        .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.id.localeCompare(b.id)),
    applySent(sent, answer) {
      // Edited again while the send was under way: that edit is still unsent, and still based on the revision
      // it started from, so the server merges it with what it just took.
      if (!unchangedSince(docs(), sent)) return Promise.resolve();
      return memory.putDocs({ ...docs(), [docKey(sent.kind, sent.id)]: fromServer(answer, sent.changedAt) });
    },
    markRefused(sent, reason, overlap) {
      const local = unchangedSince(docs(), sent);
      if (!local) return Promise.resolve();
      const refused = { ...local, syncError: reason, ...(overlap ? { syncOverlap: overlap } : {}) };
      return memory.putDocs({ ...docs(), [docKey(sent.kind, sent.id)]: refused });
    },
    async loadDelivered() {
      try {
        return entriesOf(unwrap(await kv?.get(PLANNER_KEYS.delivered), z.array(z.unknown())), z.string());
      } catch {
        return [];
      }
    },
    saveDelivered: (ids) => memory.persist(PLANNER_KEYS.delivered, [...ids]),
    reset() {
      memory.set({ docs: {}, switches: DEFAULT_SWITCHES });
    },
  };
}
