import { isDeepStrictEqual } from 'node:util';
import type { Conflict, Period, PlannerKind, TimetableData } from './schemas';

/** A document as one side holds it: its data and whether it is deleted. */
export interface Version {
  deleted: boolean;
  data: Record<string, unknown>;
}

export interface MergeResult extends Version {
  conflicts: Conflict[];
}

const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/**
 * Two devices edited the same document offline: `ours` is on the server (the other device's edit, already
 * synced), `theirs` is the edit arriving now, and `base` the revision that edit started from (null when the
 * server no longer has it). The rule (issue 9): nothing is lost silently. A change made on one side only is
 * taken; for a timetable, periods are merged one by one and a period changed on both sides is kept twice;
 * a field changed on both sides takes the arriving value and the other value is reported; an edit wins over
 * a deletion. Every such decision is a conflict in the result, which the device shows to the student.
 */
export function mergeDocument(
  kind: PlannerKind,
  base: Version | null,
  ours: Version,
  theirs: Version,
  newId: () => string,
): MergeResult {
  const baseData = base?.data ?? null;
  if (theirs.deleted && ours.deleted) return { ...ours, conflicts: [] };
  if (theirs.deleted) {
    // Deleting what the other device changed since would lose its change.
    if (base !== null && !base.deleted && same(ours.data, base.data)) return { ...theirs, conflicts: [] };
    return { ...ours, conflicts: [{ type: 'deleteRefused' }] };
  }
  if (ours.deleted) {
    if (base !== null && same(theirs.data, base.data)) return { ...ours, conflicts: [] };
    return { ...theirs, conflicts: [{ type: 'restored' }] };
  }
  if (kind === 'timetable') {
    return mergeTimetable(
      baseData as TimetableData | null,
      ours.data as TimetableData,
      theirs.data as TimetableData,
      newId,
    );
  }
  const { data, conflicts } = mergeFields(baseData, ours.data, theirs.data, []);
  return { deleted: false, data, conflicts };
}

/** Field by field: one side's change is taken; both changed differently: the arriving value, reported. */
function mergeFields(
  base: Record<string, unknown> | null,
  ours: Record<string, unknown>,
  theirs: Record<string, unknown>,
  skip: readonly string[],
): { data: Record<string, unknown>; conflicts: Conflict[] } {
  const data: Record<string, unknown> = { ...ours };
  const conflicts: Conflict[] = [];
  for (const field of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
    if (skip.includes(field)) continue;
    const was = base?.[field];
    const mine = ours[field];
    const incoming = theirs[field];
    if (same(mine, incoming)) continue;
    if (base !== null && same(mine, was)) {
      data[field] = incoming;
    } else if (base !== null && same(incoming, was)) {
      data[field] = mine;
    } else {
      data[field] = incoming;
      conflicts.push({ type: 'field', field, otherValue: mine });
    }
  }
  return { data, conflicts };
}

function mergeTimetable(
  base: TimetableData | null,
  ours: TimetableData,
  theirs: TimetableData,
  newId: () => string,
): MergeResult {
  const { data, conflicts } = mergeFields(base, ours, theirs, ['days', 'periods']);
  // School days as a set: each side's additions and removals both apply.
  const baseDays = new Set(base?.days ?? []);
  const added = [...ours.days, ...theirs.days].filter((day) => !baseDays.has(day));
  const removed = [...baseDays].filter((day) => !ours.days.includes(day) || !theirs.days.includes(day));
  data.days = [...new Set([...baseDays, ...added])]
    .filter((day) => !removed.includes(day) || added.includes(day))
    .sort((a, b) => a - b);

  const byId = (periods: readonly Period[] | undefined) => new Map((periods ?? []).map((p) => [p.id, p]));
  const was = byId(base?.periods);
  const mine = byId(ours.periods);
  const incoming = byId(theirs.periods);
  const periods: Period[] = [];
  // Order: the arriving device's order, then what only the server had.
  const ids = [...new Set([...incoming.keys(), ...mine.keys()])];
  for (const id of ids) {
    const b = was.get(id);
    const o = mine.get(id);
    const t = incoming.get(id);
    if (o && t) {
      if (same(o, t) || (b && same(o, b))) periods.push(t);
      else if (b && same(t, b)) periods.push(o);
      else {
        // Changed on both devices (or added on both with the same id): both versions stay, side by side.
        const copyId = newId();
        periods.push(o, { ...t, id: copyId });
        conflicts.push({ type: 'keptBoth', periodId: id, copyId });
      }
    } else if (t) {
      // Only the arriving edit has it: new there, or deleted here. A deletion here of a period changed there
      // keeps the change.
      if (!b) periods.push(t);
      else if (!same(t, b)) {
        periods.push(t);
        conflicts.push({ type: 'editKeptOverDelete', periodId: id });
      }
    } else if (o) {
      if (!b) periods.push(o);
      else if (!same(o, b)) {
        periods.push(o);
        conflicts.push({ type: 'editKeptOverDelete', periodId: id });
      }
    }
  }
  data.periods = periods;
  return { deleted: false, data, conflicts };
}
