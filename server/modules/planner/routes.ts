import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentStudent } from '../../lib/auth';
import type { Queryable } from '../../lib/db';
import { HttpError } from '../../lib/errors';
import { addMessages } from '../../lib/i18n';
import { accountLimit } from '../../lib/rate-limits';
import { bearerSecurity, failures } from '../../lib/schemas';
import { mergeDocument, type Version } from './merge';
import { MergeOverlapError, overlapOf, registerOverlapMessages, sendOverlap } from './overlap';
import {
  countDocuments,
  type DocumentRow,
  findRevision,
  insertDocument,
  listDocuments,
  lockDocument,
  updateDocument,
} from './queries';
import {
  DATA_SCHEMAS,
  documentParams,
  listResponse,
  MAX_DOCUMENTS_PER_STUDENT,
  type PlannerDocument,
  type PlannerKind,
  type PutDocumentResponse,
  plannerFailure,
  putDocumentBody,
  putResponse,
  type TimetableData,
} from './schemas';

function registerPlannerMessages(): void {
  addMessages({
    en: { plannerFull: 'Your planner is full ({max} timetables, lists and items). Delete some first.' },
    fr: {
      plannerFull:
        "Votre agenda est plein ({max} emplois du temps, listes et éléments). Supprimez-en d'abord quelques-uns.",
    },
  });
}

function toDocument(row: DocumentRow): PlannerDocument {
  return {
    kind: row.kind,
    id: row.id,
    revision: row.revision,
    deleted: row.deleted,
    updatedAt: new Date(row.updated_at).toISOString(),
    data: row.data,
  };
}

/**
 * The student's planner on the account (issue 9): every device keeps a copy and syncs it here. Documents
 * are the caller's own by construction: every query is keyed by the token's student, so an id another
 * student also uses names a different document.
 */
const plannerModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  registerPlannerMessages();
  registerOverlapMessages();
  const tags = ['planner'];

  app.get(
    '/planner',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: bearerSecurity,
        description: 'Every timetable, study list and item of the caller, deleted ones as tombstones.',
        response: { 200: listResponse, ...failures(401, 503) },
      },
    },
    async (request) => ({
      success: true as const,
      documents: (await listDocuments(app.db, currentStudent(request).id)).map(toDocument),
    }),
  );

  // Per account: every write keeps a revision, so a loop would grow the student's history without end. Sized
  // above a first sync of a full planner (1,000 documents) so that no real device ever meets it.
  const { plannerMax, windowMs } = app.config.rateLimit;
  const plannerLimit = accountLimit(app, 'planner', { max: plannerMax, windowMs });

  app.put(
    '/planner/:kind/:id',
    {
      preHandler: [app.authenticate, plannerLimit],
      schema: {
        tags,
        security: bearerSecurity,
        description:
          'Writes one document as the device has it. When another device wrote since `baseRevision`, the two edits are merged (periods one by one; a change on both sides keeps both versions) and `conflicts` says what the student should know. A timetable whose periods overlap on a day is refused and nothing is stored: 400 when the write itself overlaps, 409 when merging it with another device’s edit would; `overlap` names the two periods.',
        params: documentParams,
        body: putDocumentBody,
        response: {
          200: putResponse,
          400: plannerFailure,
          409: plannerFailure,
          ...failures(401, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const owner = currentStudent(request).id;
      const { kind, id } = request.params;
      const parsed = DATA_SCHEMAS[kind].safeParse(request.body.data);
      if (!parsed.success) {
        const path = parsed.error.issues[0]?.path.join('.') ?? '';
        throw new HttpError(400, 'invalidField', { field: path === '' ? 'data' : `data.${path}` });
      }
      const incoming: Version = {
        deleted: request.body.deleted,
        data: parsed.data as Record<string, unknown>,
      };
      const timetable =
        kind === 'timetable' && !incoming.deleted ? (parsed.data as TimetableData) : undefined;
      const ownOverlap = timetable && overlapOf(timetable);
      if (timetable && ownOverlap) return sendOverlap(request, reply, ownOverlap, timetable.periods);
      const write: Write = { owner, kind, id, incoming, baseRevision: request.body.baseRevision };
      try {
        return await app.db.transaction((tx) => writeDocument(tx, write));
      } catch (error) {
        if (!(error instanceof MergeOverlapError)) throw error;
        return sendOverlap(request, reply, error.overlap, error.periods);
      }
    },
  );
};

interface Write {
  owner: string;
  kind: PlannerKind;
  id: string;
  incoming: Version;
  baseRevision: number;
}

/**
 * One write, inside its transaction: created, taken as is (nobody wrote since its base revision), or merged
 * with what another device wrote. A merged timetable whose periods would overlap is refused (the transaction
 * rolls back, so nothing of the write is stored).
 */
async function writeDocument(tx: Queryable, write: Write): Promise<PutDocumentResponse> {
  const { owner, kind, id, incoming, baseRevision } = write;
  let current = await lockDocument(tx, owner, kind, id);
  if (current === undefined) {
    if ((await countDocuments(tx, owner)) >= MAX_DOCUMENTS_PER_STUDENT) {
      throw new HttpError(409, 'plannerFull', { max: MAX_DOCUMENTS_PER_STUDENT });
    }
    const created = await insertDocument(tx, owner, kind, id, incoming);
    if (created) return { success: true, document: toDocument(created), merged: false, conflicts: [] };
    // Another request of the same student created it a moment ago: merge with that one.
    current = await lockDocument(tx, owner, kind, id);
    if (current === undefined) throw new Error(`planner document ${kind}/${id} neither inserted nor found`);
  }
  if (current.revision === baseRevision) {
    const written = await updateDocument(tx, owner, kind, id, incoming);
    return { success: true, document: toDocument(written), merged: false, conflicts: [] };
  }
  const baseVersion = baseRevision > 0 ? await findRevision(tx, owner, kind, id, baseRevision) : undefined;
  const result = mergeDocument(kind, baseVersion ?? null, current, incoming, () => randomUUID());
  if (kind === 'timetable' && !result.deleted) {
    const merged = result.data as TimetableData;
    const overlap = overlapOf(merged, incoming.data as TimetableData);
    if (overlap) throw new MergeOverlapError(overlap, merged.periods);
  }
  const unchanged = result.deleted === current.deleted && isDeepStrictEqual(result.data, current.data);
  const written = unchanged
    ? current
    : await updateDocument(tx, owner, kind, id, { deleted: result.deleted, data: result.data });
  return { success: true, document: toDocument(written), merged: true, conflicts: result.conflicts };
}

export default plannerModule;
