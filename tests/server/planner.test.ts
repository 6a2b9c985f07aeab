import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENTS_PER_STUDENT } from '../../server/modules/planner/schemas';
import { createTestApp, type TestApp, type TestStudent } from './helpers/app';
import {
  type PlannerWrite,
  timetablePeriod as period,
  putPlannerDocument,
  timetableData as timetable,
} from './helpers/planner-calls';

// Issue 9: the planner on the account. Each student's documents are theirs alone; a write names the revision
// it started from, and two devices' offline edits are merged without losing either.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

interface Doc {
  kind: string;
  id: string;
  revision: number;
  deleted: boolean;
  updatedAt: string;
  data: Record<string, unknown>;
}
interface Conflict {
  type: string;
  field?: string;
  periodId?: string;
  copyId?: string;
  otherValue?: unknown;
}
interface PutAnswer {
  success: boolean;
  document: Doc;
  merged: boolean;
  conflicts: Conflict[];
  msg: string;
}

const put = (student: TestStudent, kind: string, id: string, body: PlannerWrite, language?: string) =>
  putPlannerDocument<PutAnswer>(t, student, kind, id, body, language);

async function list(student: TestStudent) {
  const { status, body } = await t.request<{ success: boolean; documents: Doc[] }>({
    method: 'GET',
    url: '/planner',
    headers: student.headers,
  });
  expect(status).toBe(200);
  return body.documents;
}

const MATHS = period('p-maths', 1, '07:30', '08:25', 'Mathematics');
const PHYSICS = period('p-physics', 1, '08:25', '09:20', 'Physics');
const CHEMISTRY = period('p-chem', 1, '09:20', '10:15', 'Chemistry');

describe('the planner on the account', () => {
  it('needs a logged-in student', async () => {
    const read = await t.request({ method: 'GET', url: '/planner' });
    expect(read.status).toBe(401);
    expect(read.body).toEqual({ success: false, msg: 'Authentication required.' });
    const write = await t.request({
      method: 'PUT',
      url: '/planner/list/l1',
      payload: { baseRevision: 0, data: { name: 'GCE revision' } },
    });
    expect(write.status).toBe(401);
  });

  it('creates, reads back and updates a timetable, a list and an item, revision by revision', async () => {
    const student = await t.registerAndLogin();
    expect(await list(student)).toEqual([]);

    const created = await put(student, 'timetable', 'tt-1', { baseRevision: 0, data: timetable([MATHS]) });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ success: true, merged: false, conflicts: [] });
    expect(created.body.document).toMatchObject({
      kind: 'timetable',
      id: 'tt-1',
      revision: 1,
      deleted: false,
    });

    const updated = await put(student, 'timetable', 'tt-1', {
      baseRevision: 1,
      data: timetable([MATHS, PHYSICS]),
    });
    expect(updated.body.document.revision).toBe(2);
    expect(updated.body.document.data).toEqual(timetable([MATHS, PHYSICS]));

    await put(student, 'list', 'gce', { baseRevision: 0, data: { name: 'GCE revision' } });
    const item = {
      listId: 'gce',
      title: 'Past paper 2023, Paper 2',
      due: '2026-05-04T18:00:00+01:00',
      reminderMinutes: 60,
      notes: 'Questions 1 to 5',
      done: false,
    };
    await put(student, 'item', 'item-1', { baseRevision: 0, data: item });

    const documents = await list(student);
    expect(documents.map((d) => `${d.kind}/${d.id}@${d.revision}`)).toEqual([
      'item/item-1@1',
      'list/gce@1',
      'timetable/tt-1@2',
    ]);
    expect(documents.find((d) => d.kind === 'item')?.data).toEqual(item);
    expect(Number.isNaN(Date.parse(documents[0]?.updatedAt ?? ''))).toBe(false);
  });

  it('keeps a deletion as a tombstone so the other devices learn of it', async () => {
    const student = await t.registerAndLogin();
    await put(student, 'list', 'old', { baseRevision: 0, data: { name: 'Old list' } });
    const deleted = await put(student, 'list', 'old', {
      baseRevision: 1,
      deleted: true,
      data: { name: 'Old list' },
    });
    expect(deleted.body.document).toMatchObject({ revision: 2, deleted: true });
    expect((await list(student)).map((d) => [d.id, d.deleted])).toEqual([['old', true]]);
  });
});

describe('one student can never read or change another’s planner', () => {
  it('lists only the caller’s documents, and the same id names two separate documents', async () => {
    const amina = await t.registerAndLogin();
    const bello = await t.registerAndLogin();
    await put(amina, 'timetable', 'shared-id', { baseRevision: 0, data: timetable([MATHS], 'Amina’s week') });

    expect(await list(bello)).toEqual([]);
    // Bello writing "the same" id, even claiming Amina's revision, writes his own document only.
    const bellos = await put(bello, 'timetable', 'shared-id', {
      baseRevision: 1,
      data: timetable([], 'Bello’s week'),
    });
    expect(bellos.body.document).toMatchObject({ revision: 1, data: { name: 'Bello’s week' } });
    const deleting = await put(bello, 'timetable', 'shared-id', {
      baseRevision: 1,
      deleted: true,
      data: timetable([], 'Bello’s week'),
    });
    expect(deleting.body.document.deleted).toBe(true);

    const aminas = await list(amina);
    expect(aminas).toHaveLength(1);
    expect(aminas[0]).toMatchObject({
      revision: 1,
      deleted: false,
      data: timetable([MATHS], 'Amina’s week'),
    });
    const rows = await t.db.query<{ student_id: string }>(
      "SELECT student_id FROM planner_documents WHERE id = 'shared-id' ORDER BY student_id",
    );
    expect(rows.map((row) => row.student_id).sort()).toEqual([amina.id, bello.id].sort());
  });

  it('forgets the planner when the account is deleted', async () => {
    const student = await t.registerAndLogin();
    await put(student, 'list', 'gce', { baseRevision: 0, data: { name: 'GCE revision' } });
    const { status } = await t.request({
      method: 'POST',
      url: '/users/student/delete_account',
      headers: student.headers,
      payload: { password: student.password },
    });
    expect(status).toBe(200);
    const rows = await t.db.query('SELECT 1 FROM planner_documents WHERE student_id = $1', [student.id]);
    expect(rows).toEqual([]);
  });
});

describe('validation', () => {
  it.each([
    [
      'an end before the start',
      timetable([period('p1', 1, '09:00', '08:00', 'Maths')]),
      'data.periods.0.end',
    ],
    ['an empty subject', timetable([period('p1', 1, '08:00', '09:00', '   ')]), 'data.periods.0.subject'],
    [
      'a time that is not HH:MM',
      timetable([period('p1', 1, '8h', '09:00', 'Maths')]),
      'data.periods.0.start',
    ],
    [
      'a day that is not a weekday',
      timetable([period('p1', 8, '08:00', '09:00', 'Maths')]),
      'data.periods.0.day',
    ],
    ['an empty name', timetable([], ''), 'data.name'],
    [
      'a period running past midnight',
      timetable([period('p1', 1, '22:00', '01:00', 'Revision')]),
      'data.periods.0.end',
    ],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_, data, field) => {
    const student = await t.registerAndLogin();
    const { status, body } = await put(student, 'timetable', 'bad', { baseRevision: 0, data });
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, msg: `Invalid value for field '${field}'.` });
    expect(await list(student)).toEqual([]);
  });

  it('keeps a period ending at midnight (23:00–00:00)', async () => {
    const student = await t.registerAndLogin();
    const data = timetable([
      period('p1', 1, '07:30', '08:25', 'Maths'),
      period('p2', 1, '23:00', '00:00', 'Revision'),
    ]);
    const { status, body } = await put(student, 'timetable', 'late', { baseRevision: 0, data });
    expect(status).toBe(200);
    expect(body.document.data).toEqual(data);
    expect((await list(student)).map((doc) => doc.data)).toEqual([data]);
  });

  it('answers in French, and refuses a document of the wrong kind, an unknown kind and a bad id', async () => {
    const student = await t.registerAndLogin();
    const wrongKind = await put(student, 'item', 'i1', { baseRevision: 0, data: { name: 'GCE' } }, 'fr');
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.msg).toMatch(/^Valeur invalide pour le champ « data\./);
    const unknownKind = await put(student, 'homework', 'h1', { baseRevision: 0, data: { name: 'x' } });
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.msg).toBe("Invalid value for field 'kind'.");
    const badId = await put(student, 'list', 'no%20spaces', { baseRevision: 0, data: { name: 'x' } });
    expect(badId.status).toBe(400);
    const noBase = await t.request({
      method: 'PUT',
      url: '/planner/list/l1',
      headers: student.headers,
      payload: { data: { name: 'x' } },
    });
    expect(noBase.status).toBe(400);
    expect(noBase.body).toEqual({ success: false, msg: "Field 'baseRevision' is required." });
    expect(await list(student)).toEqual([]);
  });

  it(`stops at ${MAX_DOCUMENTS_PER_STUDENT} documents with a translated 409`, async () => {
    const student = await t.registerAndLogin();
    await t.db.query(
      `INSERT INTO planner_documents (student_id, kind, id, revision, data)
       SELECT $1, 'list', 'l' || n, 1, '{"name":"x"}'::jsonb FROM generate_series(1, $2::int) AS n`,
      [student.id, MAX_DOCUMENTS_PER_STUDENT],
    );
    const { status, body } = await put(student, 'list', 'one-more', { baseRevision: 0, data: { name: 'x' } });
    expect(status).toBe(409);
    expect(body.msg).toBe(
      `Your planner is full (${MAX_DOCUMENTS_PER_STUDENT} timetables, lists and items). Delete some first.`,
    );
    // Editing an existing document is still possible.
    const edit = await put(student, 'list', 'l1', { baseRevision: 1, data: { name: 'kept' } });
    expect(edit.status).toBe(200);
  });
});

describe('two devices editing the same timetable offline (the conflict rule)', () => {
  /** Both devices synced revision 1 with three periods, then went offline. */
  async function startingPoint() {
    const student = await t.registerAndLogin();
    await put(student, 'timetable', 'week', {
      baseRevision: 0,
      data: timetable([MATHS, PHYSICS, CHEMISTRY]),
    });
    return student;
  }

  it('merges edits of different periods, and of the name on one side only, without conflict', async () => {
    const student = await startingPoint();
    // Phone: maths moves to 10:15. Tablet: physics gets a new room, a period is added, the name changes.
    const phone = timetable([{ ...MATHS, start: '10:15', end: '11:10' }, PHYSICS, CHEMISTRY]);
    const biology = period('p-bio', 2, '07:30', '08:25', 'Biology');
    const tablet = timetable(
      [MATHS, { ...PHYSICS, room: 'Lab 2' }, CHEMISTRY, biology],
      'Form 5 A (2nd term)',
    );
    await put(student, 'timetable', 'week', { baseRevision: 1, data: phone });
    const { body } = await put(student, 'timetable', 'week', { baseRevision: 1, data: tablet });
    expect(body.merged).toBe(true);
    expect(body.conflicts).toEqual([]);
    expect(body.document.revision).toBe(3);
    expect(body.document.data).toEqual(
      timetable(
        [{ ...MATHS, start: '10:15', end: '11:10' }, { ...PHYSICS, room: 'Lab 2' }, CHEMISTRY, biology],
        'Form 5 A (2nd term)',
      ),
    );
  });

  it('keeps both versions of a period changed on both devices, and says so', async () => {
    const student = await startingPoint();
    // The phone moves maths to Tuesday, so the two versions do not overlap (versions that would stand at the
    // same time are refused: tests/server/planner-overlap.test.ts).
    const phoneMaths = { ...MATHS, day: 2, room: 'F5B' };
    const tabletMaths = { ...MATHS, teacher: 'Mr Tabi' };
    await put(student, 'timetable', 'week', {
      baseRevision: 1,
      data: timetable([phoneMaths, PHYSICS, CHEMISTRY]),
    });
    const { body } = await put(student, 'timetable', 'week', {
      baseRevision: 1,
      data: timetable([tabletMaths, PHYSICS, CHEMISTRY]),
    });
    expect(body.conflicts).toHaveLength(1);
    const [conflict] = body.conflicts;
    expect(conflict).toMatchObject({ type: 'keptBoth', periodId: MATHS.id });
    const periods = body.document.data.periods as { id: string }[];
    expect(periods).toContainEqual(phoneMaths);
    expect(periods).toContainEqual({ ...tabletMaths, id: conflict?.copyId });
    expect(periods).toHaveLength(4);
  });

  it('keeps a period one device deleted while the other changed it', async () => {
    const student = await startingPoint();
    await put(student, 'timetable', 'week', { baseRevision: 1, data: timetable([MATHS, CHEMISTRY]) });
    const changedPhysics = { ...PHYSICS, teacher: 'Dr Eyong' };
    const { body } = await put(student, 'timetable', 'week', {
      baseRevision: 1,
      data: timetable([MATHS, changedPhysics, CHEMISTRY]),
    });
    expect(body.conflicts).toEqual([{ type: 'editKeptOverDelete', periodId: PHYSICS.id }]);
    expect(body.document.data.periods).toEqual([MATHS, changedPhysics, CHEMISTRY]);
  });

  it('applies a deletion that nobody contradicts, and merges the school days as sets', async () => {
    const student = await startingPoint();
    await put(student, 'timetable', 'week', {
      baseRevision: 1,
      data: timetable([MATHS, PHYSICS], 'Form 5 A', [1, 2, 3, 4, 5, 6]),
    });
    const { body } = await put(student, 'timetable', 'week', {
      baseRevision: 1,
      data: timetable([MATHS, PHYSICS, CHEMISTRY], 'Form 5 A', [1, 2, 3, 4]),
    });
    expect(body.conflicts).toEqual([]);
    expect(body.document.data).toEqual(timetable([MATHS, PHYSICS], 'Form 5 A', [1, 2, 3, 4, 6]));
  });

  it('reports a name changed on both devices: the arriving name is kept, the other one is named', async () => {
    const student = await startingPoint();
    await put(student, 'timetable', 'week', {
      baseRevision: 1,
      data: timetable([MATHS, PHYSICS, CHEMISTRY], 'Phone name'),
    });
    const { body } = await put(student, 'timetable', 'week', {
      baseRevision: 1,
      data: timetable([MATHS, PHYSICS, CHEMISTRY], 'Tablet name'),
    });
    expect(body.conflicts).toEqual([{ type: 'field', field: 'name', otherValue: 'Phone name' }]);
    expect(body.document.data.name).toBe('Tablet name');
  });

  it('refuses to delete a timetable changed elsewhere, and restores one deleted elsewhere but edited here', async () => {
    const student = await startingPoint();
    await put(student, 'timetable', 'week', { baseRevision: 1, data: timetable([MATHS]) });
    const refused = await put(student, 'timetable', 'week', {
      baseRevision: 1,
      deleted: true,
      data: timetable([MATHS, PHYSICS, CHEMISTRY]),
    });
    expect(refused.body.conflicts).toEqual([{ type: 'deleteRefused' }]);
    expect(refused.body.document).toMatchObject({ deleted: false, revision: 2, data: timetable([MATHS]) });

    const deleted = await put(student, 'timetable', 'week', {
      baseRevision: 2,
      deleted: true,
      data: timetable([MATHS]),
    });
    expect(deleted.body.document).toMatchObject({ deleted: true, revision: 3 });
    const restored = await put(student, 'timetable', 'week', {
      baseRevision: 2,
      data: timetable([MATHS, PHYSICS]),
    });
    expect(restored.body.conflicts).toEqual([{ type: 'restored' }]);
    expect(restored.body.document).toMatchObject({
      deleted: false,
      revision: 4,
      data: timetable([MATHS, PHYSICS]),
    });
  });

  it('merges an item field by field: a change on each side is kept', async () => {
    const student = await t.registerAndLogin();
    const item = { listId: 'gce', title: 'Essay', due: null, reminderMinutes: null, notes: '', done: false };
    await put(student, 'item', 'essay', { baseRevision: 0, data: item });
    await put(student, 'item', 'essay', { baseRevision: 1, data: { ...item, done: true } });
    const { body } = await put(student, 'item', 'essay', {
      baseRevision: 1,
      data: { ...item, notes: 'Plan first' },
    });
    expect(body.conflicts).toEqual([]);
    expect(body.document.data).toEqual({ ...item, done: true, notes: 'Plan first' });
  });

  it('answers an edit identical to what is stored without writing a new revision', async () => {
    const student = await startingPoint();
    await put(student, 'timetable', 'week', { baseRevision: 1, data: timetable([MATHS]) });
    const { body } = await put(student, 'timetable', 'week', { baseRevision: 1, data: timetable([MATHS]) });
    expect(body).toMatchObject({ merged: true, conflicts: [] });
    expect(body.document.revision).toBe(2);
  });

  it('applies concurrent writes one after the other: none is lost', async () => {
    const student = await startingPoint();
    const edits = [
      timetable([{ ...MATHS, room: 'A1' }, PHYSICS, CHEMISTRY]),
      timetable([MATHS, { ...PHYSICS, room: 'A2' }, CHEMISTRY]),
      timetable([MATHS, PHYSICS, { ...CHEMISTRY, room: 'A3' }]),
    ];
    const answers = await Promise.all(
      edits.map((data) => put(student, 'timetable', 'week', { baseRevision: 1, data })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const [stored] = await list(student);
    expect(stored?.revision).toBe(4);
    expect(stored?.data.periods).toEqual([
      { ...MATHS, room: 'A1' },
      { ...PHYSICS, room: 'A2' },
      { ...CHEMISTRY, room: 'A3' },
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents the planner endpoints', async () => {
    const { body } = await t.request<{ paths: Record<string, Record<string, unknown>> }>({
      method: 'GET',
      url: '/docs/json',
    });
    expect(Object.keys(body.paths['/planner'] ?? {})).toContain('get');
    expect(Object.keys(body.paths['/planner/{kind}/{id}'] ?? {})).toContain('put');
  });
});
