import type { Queryable } from '../../lib/db';
import type { PlannerKind } from './schemas';

export interface DocumentRow {
  kind: PlannerKind;
  id: string;
  revision: number;
  deleted: boolean;
  data: Record<string, unknown>;
  updated_at: Date;
}

const COLUMNS = 'kind, id, revision, deleted, data, updated_at';

/** Every planner document of one student (tombstones too, so a device learns of deletions). */
export function listDocuments(db: Queryable, studentId: string): Promise<DocumentRow[]> {
  return db.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM planner_documents WHERE student_id = $1 ORDER BY kind, id`,
    [studentId],
  );
}

export async function countDocuments(db: Queryable, studentId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM planner_documents WHERE student_id = $1',
    [studentId],
  );
  return row?.count ?? 0;
}

/** The student's document, locked until the transaction ends so two writes are applied one after the other. */
export async function lockDocument(
  tx: Queryable,
  studentId: string,
  kind: PlannerKind,
  id: string,
): Promise<DocumentRow | undefined> {
  const [row] = await tx.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM planner_documents WHERE student_id = $1 AND kind = $2 AND id = $3 FOR UPDATE`,
    [studentId, kind, id],
  );
  return row;
}

export async function findRevision(
  tx: Queryable,
  studentId: string,
  kind: PlannerKind,
  id: string,
  revision: number,
): Promise<{ deleted: boolean; data: Record<string, unknown> } | undefined> {
  const [row] = await tx.query<{ deleted: boolean; data: Record<string, unknown> }>(
    'SELECT deleted, data FROM planner_revisions WHERE student_id = $1 AND kind = $2 AND id = $3 AND revision = $4',
    [studentId, kind, id, revision],
  );
  return row;
}

/**
 * Creates revision 1, unless another request created the document first (then nothing is written and the
 * caller merges with it).
 */
export async function insertDocument(
  tx: Queryable,
  studentId: string,
  kind: PlannerKind,
  id: string,
  version: { deleted: boolean; data: unknown },
): Promise<DocumentRow | undefined> {
  const [row] = await tx.query<DocumentRow>(
    `INSERT INTO planner_documents (student_id, kind, id, revision, deleted, data)
     VALUES ($1, $2, $3, 1, $4, $5::jsonb)
     ON CONFLICT (student_id, kind, id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [studentId, kind, id, version.deleted, JSON.stringify(version.data)],
  );
  if (row) await recordRevision(tx, studentId, row);
  return row;
}

export async function updateDocument(
  tx: Queryable,
  studentId: string,
  kind: PlannerKind,
  id: string,
  version: { deleted: boolean; data: unknown },
): Promise<DocumentRow> {
  const [row] = await tx.query<DocumentRow>(
    `UPDATE planner_documents
        SET revision = revision + 1, deleted = $4, data = $5::jsonb, updated_at = now()
      WHERE student_id = $1 AND kind = $2 AND id = $3
      RETURNING ${COLUMNS}`,
    [studentId, kind, id, version.deleted, JSON.stringify(version.data)],
  );
  if (!row) throw new Error(`planner document ${kind}/${id} vanished inside its transaction`);
  await recordRevision(tx, studentId, row);
  return row;
}

async function recordRevision(tx: Queryable, studentId: string, row: DocumentRow): Promise<void> {
  await tx.query(
    `INSERT INTO planner_revisions (student_id, kind, id, revision, deleted, data)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [studentId, row.kind, row.id, row.revision, row.deleted, JSON.stringify(row.data)],
  );
}
