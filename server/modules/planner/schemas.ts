/** How many planner documents (timetables, lists, items, deleted ones included) one student may keep. */
export const MAX_DOCUMENTS_PER_STUDENT = 1_000;

export {
  type Conflict,
  DATA_SCHEMAS,
  documentParams,
  listResponse,
  type Period,
  type PlannerDocument,
  type PlannerKind,
  type PutDocumentResponse,
  plannerFailure,
  putDocumentBody,
  putResponse,
  type TimetableData,
  type TimetableOverlap,
} from '../../../contract/planner';
