import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestStudent } from './helpers/app';
import {
  type PlannerWrite,
  timetablePeriod as period,
  putPlannerDocument,
  timetableData as timetable,
} from './helpers/planner-calls';

// Issue 21: the timetable rules are the server's too (contract/rules/timetable-rules.ts). A timetable whose periods
// overlap is refused with a translated 400 naming the day and the two periods, and nothing of it is stored;
// a merge of two devices' edits that would overlap is refused with a 409 that says so, and stores nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

interface Overlap {
  day: number;
  periodId: string;
  other: { id: string; subject: string; start: string; end: string };
  fromOtherDevice: boolean;
}
interface Answer {
  success: boolean;
  msg: string;
  overlap?: Overlap;
  document: { revision: number; data: { periods: { id: string }[] } };
  merged: boolean;
  conflicts: { type: string }[];
}

const MATHS = period('p-maths', 1, '07:00', '08:00', 'Mathematics');
const PHYSICS = period('p-physics', 1, '08:00', '09:00', 'Physics');
const CHEMISTRY = period('p-chem', 1, '08:30', '09:30', 'Chemistry');

/** Every write here is a timetable's. */
const put = (student: TestStudent, id: string, body: PlannerWrite, language?: string) =>
  putPlannerDocument<Answer>(t, student, 'timetable', id, body, language);

async function stored(student: TestStudent) {
  return t.db.query<{ id: string; revision: number; data: unknown }>(
    `SELECT d.id, d.revision, d.data,
            (SELECT count(*)::int FROM planner_revisions r WHERE r.student_id = d.student_id AND r.id = d.id) AS revisions
       FROM planner_documents d WHERE d.student_id = $1`,
    [student.id],
  );
}

describe('a timetable whose periods overlap', () => {
  it('is refused with a 400 naming the day and the two periods, in English, and nothing is stored', async () => {
    const student = await t.registerAndLogin();
    const { status, body } = await put(student, 'week', {
      baseRevision: 0,
      data: timetable([CHEMISTRY, MATHS, PHYSICS]),
    });
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.msg).toBe(
      'On Monday, Physics (08:00–09:00) overlaps Chemistry (08:30–09:30). Change one of them so that it ends before the other starts.',
    );
    expect(body.overlap).toEqual({
      day: 1,
      periodId: CHEMISTRY.id,
      other: { id: PHYSICS.id, subject: 'Physics', start: '08:00', end: '09:00' },
      fromOtherDevice: false,
    });
    expect(await stored(student)).toEqual([]);
  });

  it('is refused in French (formal), and an update that would overlap leaves the stored revision as it was', async () => {
    const student = await t.registerAndLogin();
    const first = await put(student, 'week', { baseRevision: 0, data: timetable([MATHS, PHYSICS]) });
    expect(first.status).toBe(200);
    const before = await stored(student);
    const { status, body } = await put(
      student,
      'week',
      { baseRevision: 1, data: timetable([MATHS, PHYSICS, CHEMISTRY]) },
      'fr-CM,fr;q=0.9',
    );
    expect(status).toBe(400);
    expect(body.msg).toBe(
      'Le lundi, Physics (08:00–09:00) chevauche Chemistry (08:30–09:30). Modifiez l’un des deux cours pour qu’il se termine avant que l’autre ne commence.',
    );
    expect(await stored(student)).toEqual(before);
  });

  it('accepts periods that touch, and one that ends at midnight (23:00–00:00)', async () => {
    const student = await t.registerAndLogin();
    const data = timetable([
      period('a', 1, '07:30', '08:25', 'Mathematics'),
      period('b', 1, '08:25', '09:20', 'Physics'),
      period('c', 1, '22:00', '23:00', 'Reading'),
      period('d', 1, '23:00', '00:00', 'Revision'),
      period('e', 2, '23:00', '00:00', 'Revision'),
    ]);
    const { status, body } = await put(student, 'late', { baseRevision: 0, data });
    expect(status).toBe(200);
    expect(body.document.data).toEqual(data);
  });

  it('refuses a period within one ending at midnight (23:30–23:45 inside 23:00–00:00)', async () => {
    const student = await t.registerAndLogin();
    const data = timetable([
      period('d', 5, '23:00', '00:00', 'Revision'),
      period('f', 5, '23:30', '23:45', 'Reading'),
    ]);
    const { status, body } = await put(student, 'late', { baseRevision: 0, data });
    expect(status).toBe(400);
    expect(body.msg).toMatch(/^On Friday, Revision \(23:00–00:00\) overlaps Reading \(23:30–23:45\)\./);
    expect(await stored(student)).toEqual([]);
  });
});

describe('two devices adding overlapping periods to the same timetable', () => {
  it('refuses the second with a translated 409 naming the other device’s period, and stores nothing of it', async () => {
    const student = await t.registerAndLogin();
    await put(student, 'week', { baseRevision: 0, data: timetable([MATHS]) });
    // Device A (online) adds physics 08:00–09:00 on Monday.
    const deviceA = await put(student, 'week', { baseRevision: 1, data: timetable([MATHS, PHYSICS]) });
    expect(deviceA.status).toBe(200);
    // Device B, offline since revision 1, added chemistry 08:30–09:30 on Monday; it syncs now.
    const before = await stored(student);
    const english = await put(student, 'week', { baseRevision: 1, data: timetable([MATHS, CHEMISTRY]) });
    expect(english.status).toBe(409);
    expect(english.body.msg).toBe(
      'This timetable was changed on another device: on Monday, your Chemistry (08:30–09:30) overlaps Physics (08:00–09:00) from the other device. Your version is kept on this device: change or delete one of the two periods and it will be sent again.',
    );
    expect(english.body.overlap).toEqual({
      day: 1,
      periodId: CHEMISTRY.id,
      other: { id: PHYSICS.id, subject: 'Physics', start: '08:00', end: '09:00' },
      fromOtherDevice: true,
    });
    const french = await put(student, 'week', { baseRevision: 1, data: timetable([MATHS, CHEMISTRY]) }, 'fr');
    expect(french.status).toBe(409);
    expect(french.body.msg).toBe(
      'Cet emploi du temps a été modifié sur un autre appareil : le lundi, votre cours Chemistry (08:30–09:30) chevauche Physics (08:00–09:00) de l’autre appareil. Votre version est conservée sur cet appareil : modifiez ou supprimez l’un des deux cours, et elle sera envoyée à nouveau.',
    );
    expect(await stored(student)).toEqual(before);

    // Device B moves its period to 09:00–10:00: the merge keeps both, without overlap.
    const moved = { ...CHEMISTRY, start: '09:00', end: '10:00' };
    const retry = await put(student, 'week', { baseRevision: 1, data: timetable([MATHS, moved]) });
    expect(retry.status).toBe(200);
    expect(retry.body.merged).toBe(true);
    expect(retry.body.document.revision).toBe(3);
    expect(retry.body.document.data.periods).toEqual(expect.arrayContaining([MATHS, PHYSICS, moved]));
  });

  it('refuses a period changed on both devices when its two versions would stand at the same time', async () => {
    const student = await t.registerAndLogin();
    await put(student, 'week', { baseRevision: 0, data: timetable([MATHS]) });
    await put(student, 'week', { baseRevision: 1, data: timetable([{ ...MATHS, room: 'F5B' }]) });
    const { status, body } = await put(student, 'week', {
      baseRevision: 1,
      data: timetable([{ ...MATHS, teacher: 'Mr Tabi' }]),
    });
    expect(status).toBe(409);
    expect(body.overlap).toMatchObject({ day: 1, periodId: MATHS.id, fromOtherDevice: true });
    expect((await stored(student))[0]?.revision).toBe(2);
  });
});
