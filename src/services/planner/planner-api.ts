import type {
  PlannerListResponse,
  PutDocumentPayload,
  PutDocumentResponse,
  TimetableOverlap,
} from '../../../contract/planner';
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The two periods that made the account refuse a timetable (its 400 or 409 body's `overlap`), read without
 * trusting the body: undefined when it has none.
 */
export function refusedOverlap(body: unknown): TimetableOverlap | undefined {
  const overlap = isRecord(body) ? body.overlap : undefined;
  if (!isRecord(overlap) || !isRecord(overlap.other)) return undefined;
  const { day, periodId, fromOtherDevice, other } = overlap;
  const { id, subject, start, end } = other;
  const texts = [periodId, id, subject, start, end];
  if (typeof day !== 'number' || typeof fromOtherDevice !== 'boolean') return undefined;
  if (!texts.every((text) => typeof text === 'string')) return undefined;
  return {
    day,
    periodId: String(periodId),
    fromOtherDevice,
    other: { id: String(id), subject: String(subject), start: String(start), end: String(end) },
  };
}
