import { z } from 'zod';
import { failureSchema } from './common';
import { endsAfterStart } from './rules/timetable-rules';
import * as stored from './stored';

// The planner's documents (timetables, study lists and their items), synced between a student's devices
// through the account: the server merges concurrent edits and says what it did with them.

export const kindSchema = z.enum(stored.PLANNER_KINDS);
export type PlannerKind = z.infer<typeof kindSchema>;

/** Ids are chosen by the device that creates a document (it may be offline), unique per student. */
const documentId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, dashes or underscores (at most 64)');

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, 24-hour clock');

export const periodSchema = z
  .object({
    id: documentId,
    /** ISO weekday: 1 Monday … 7 Sunday. */
    day: z.number().int().min(1).max(7),
    start: clockTime,
    end: clockTime,
    subject: z.string().trim().min(1).max(60),
    teacher: z.string().trim().max(60),
    room: z.string().trim().max(30),
    colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, '#RRGGBB'),
  })
  // An end at 00:00 is midnight, the end of the period's day: the editor's rule (contract/rules/timetable-rules.ts).
  .refine(endsAfterStart, {
    path: ['end'],
    message: 'must be after start, or 00:00 (midnight)',
  });
export type Period = z.infer<typeof periodSchema>;

export const timetableData = z
  .object({
    name: z.string().trim().min(1).max(80),
    /** The school days, ISO weekdays. */
    days: z.array(z.number().int().min(1).max(7)).max(7),
    periods: z.array(periodSchema).max(120),
  })
  .describe('A timetable');
export type TimetableData = z.infer<typeof timetableData>;

export const listData = z.object({ name: z.string().trim().min(1).max(80) }).describe('A study list');
export type ListData = z.infer<typeof listData>;

export const itemData = z
  .object({
    listId: documentId,
    title: z.string().trim().min(1).max(120),
    /** When it is due, ISO 8601 with its offset; null: no due date. */
    due: z.iso.datetime({ offset: true }).nullable(),
    /** Minutes before `due` to remind; null: no reminder. At most a week. */
    reminderMinutes: z.number().int().min(0).max(10_080).nullable(),
    notes: z.string().max(1_000),
    done: z.boolean(),
  })
  .describe('An item of a study list');
export type ItemData = z.infer<typeof itemData>;

/** Each kind's data, checked by the route against `kind` so that an error names the exact field at fault. */
export const DATA_SCHEMAS = { timetable: timetableData, list: listData, item: itemData } as const;
export type DataOf = { [K in PlannerKind]: z.infer<(typeof DATA_SCHEMAS)[K]> };
export type DocumentData = DataOf[PlannerKind];

export const documentParams = z.object({ kind: kindSchema, id: documentId });

export const putDocumentBody = z.object({
  baseRevision: z
    .number()
    .int()
    .min(0)
    .describe('The revision this edit started from (0: a document new on this device)'),
  deleted: z
    .boolean()
    .default(false)
    .describe('true deletes the document (kept as a tombstone for other devices)'),
  // Checked against the schema of `kind` by the route, so an error names the exact field at fault; the API
  // document shows each kind's shape (titled with its kind) from those same schemas.
  data: z
    .record(z.string(), z.unknown())
    .meta({
      anyOf: Object.entries(DATA_SCHEMAS).map(([kind, schema]) => ({
        title: kind,
        ...z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0' }),
      })),
    })
    .describe(
      'The whole document as the device has it. timetable: {name, days: [1-7], periods: [{id, day 1-7, start HH:MM, end HH:MM after start or 00:00 for midnight, subject, teacher, room, colour #RRGGBB}]}; list: {name}; item: {listId, title, due: ISO 8601 or null, reminderMinutes 0-10080 or null, notes, done}',
    ),
});
export type PutDocumentPayload = z.input<typeof putDocumentBody>;

/** A document as the account keeps it. */
export const documentSchema = z.object({
  kind: kindSchema,
  id: z.string(),
  revision: z.number().int(),
  deleted: z.boolean(),
  updatedAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type PlannerDocument = z.infer<typeof documentSchema>;

export const conflictSchema = z.object({
  type: z
    .enum(['keptBoth', 'editKeptOverDelete', 'field', 'deleteRefused', 'restored'])
    .describe(
      'keptBoth: a period changed on both devices, both versions are kept; editKeptOverDelete: a period deleted on one device and changed on the other is kept; field: a field changed on both, this edit’s value kept; deleteRefused: the document was changed elsewhere, so it is not deleted; restored: deleted elsewhere, restored with this edit',
    ),
  field: z.string().optional(),
  periodId: z.string().optional(),
  copyId: z.string().optional(),
  otherValue: z.unknown().optional().describe('The value the other device had written'),
});
export type Conflict = z.infer<typeof conflictSchema>;

// Why a timetable was refused: spelled in stored.ts (the device keeps it with the refused copy).
export const overlapSchema = z.object(stored.overlapSchema.shape);
export type TimetableOverlap = z.infer<typeof overlapSchema>;

/** The planner's failures: the usual body, and `overlap` when a timetable's periods overlap. */
export const plannerFailure = failureSchema.extend({ overlap: overlapSchema.optional() });

export const listResponse = z.object({ success: z.literal(true), documents: z.array(documentSchema) });
export type PlannerListResponse = z.infer<typeof listResponse>;

export const putResponse = z.object({
  success: z.literal(true),
  document: documentSchema,
  /** true when another device had written since baseRevision and the two edits were merged. */
  merged: z.boolean(),
  conflicts: z.array(conflictSchema),
});
export type PutDocumentResponse = z.infer<typeof putResponse>;
