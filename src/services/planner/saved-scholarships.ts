import type { SavedScholarship } from '../../rules/saved-scholarship';
import { parseSavedScholarships, SAVED_SCHOLARSHIPS_KEY } from '../../rules/saved-scholarship';
import type { KeyValueStore } from '../playback-positions';

/** The saved scholarships the planner can schedule (src/rules/saved-scholarship.ts); none when unreadable. */
export async function readSavedScholarships(kv: KeyValueStore | null): Promise<SavedScholarship[]> {
  if (!kv) return [];
  try {
    return parseSavedScholarships(await kv.get(SAVED_SCHOLARSHIPS_KEY));
  } catch {
    return [];
  }
}
