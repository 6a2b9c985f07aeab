import type { PlannerListResponse, PutDocumentPayload, PutDocumentResponse } from '../../../contract/planner';
import type { DocKind } from '../../rules/planner-docs';
import type { ApiClient } from '../api/client';

/** The planner module's calls (added by this project, documented in the server's OpenAPI at /docs). */
export function createPlannerApi(client: ApiClient) {
  return {
    fetchPlanner: () =>
      client.request<PlannerListResponse>({
        method: 'GET',
        path: 'planner',
        retryable: true,
      }),
    putDocument: (kind: DocKind, id: string, body: PutDocumentPayload) =>
      client.request<PutDocumentResponse>({
        method: 'PUT',
        path: `planner/${kind}/${encodeURIComponent(id)}`,
        body,
        // A PUT of a whole document at a known revision is idempotent: resending it cannot act twice.
        retryable: true,
      }),
  };
}

export type PlannerApi = ReturnType<typeof createPlannerApi>;
