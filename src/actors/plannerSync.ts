import { fromPromise } from 'xstate';
import type { PushResult, plannerSyncMachine, SyncConflict } from '../../machines/plannerSync';
import { ApiError } from '../rules/api-errors';
import type { DataOf, StoredDoc } from '../rules/planner-docs';
import type { PlannerApi } from '../services/planner/planner-api';
import { refusedOverlap } from '../services/planner/planner-api';
import type { PlannerStore } from '../services/planner/planner-store';

export interface PlannerSyncDeps {
  api: Pick<PlannerApi, 'fetchPlanner' | 'putDocument'>;
  store: PlannerStore;
  describeError: (error: unknown) => string;
}

function titleOf(doc: StoredDoc): string {
  return doc.kind === 'item' ? (doc.data as DataOf['item']).title : (doc.data as DataOf['list']).name;
}

/**
 * The account refused this version (invalid, full, overlapping periods): kept on the device, the student sees
 * why (at the period at fault for an overlap); the rest goes on.
 */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401;

/** Sends the device's unsent documents, one by one, and collects what the account merged differently. */
async function pushChanges({ api, store, describeError }: PlannerSyncDeps): Promise<PushResult> {
  const conflicts: SyncConflict[] = [];
  for (const doc of store.unsent()) {
    try {
      const answer = await api.putDocument(doc.kind, doc.id, {
        baseRevision: doc.revision,
        deleted: doc.deleted,
        data: doc.data,
      });
      await store.applySent(doc, answer.document);
      for (const conflict of answer.conflicts) {
        conflicts.push({ ...conflict, kind: doc.kind, id: doc.id, title: titleOf(doc) });
      }
    } catch (error) {
      if (isRefusal(error)) await store.markRefused(doc, describeError(error), refusedOverlap(error.body));
      else throw error;
    }
  }
  return { conflicts };
}

/** The planner sync machine's effects: the account's documents into the device copy, and back. */
export function plannerSyncActors(fx: PlannerSyncDeps): Parameters<typeof plannerSyncMachine.provide>[0] {
  return {
    actors: {
      pullFromAccount: fromPromise<void, void>(async () => {
        const { documents } = await fx.api.fetchPlanner();
        await fx.store.applyServerDocuments(documents);
      }),
      pushChanges: fromPromise<PushResult, void>(() => pushChanges(fx)),
    },
  };
}
