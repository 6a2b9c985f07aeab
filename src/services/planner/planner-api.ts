import type { ApiClient } from '../api/client';
import type { DocKind, PutAnswer, ServerDoc } from './types';

/** The planner module's calls (added by this project, documented in the server's OpenAPI at /docs). */
export function createPlannerApi(client: ApiClient) {
  return {
    fetchPlanner: () =>
      client.request<{ success: true; documents: ServerDoc[] }>({
        method: 'GET',
        path: 'planner',
        retryable: true,
      }),
    putDocument: (
      kind: DocKind,
      id: string,
      body: { baseRevision: number; deleted: boolean; data: unknown },
    ) =>
      client.request<PutAnswer>({
        method: 'PUT',
        path: `planner/${kind}/${encodeURIComponent(id)}`,
        body,
        // A PUT of a whole document at a known revision is idempotent: resending it cannot act twice.
        retryable: true,
      }),
  };
}

export type PlannerApi = ReturnType<typeof createPlannerApi>;
