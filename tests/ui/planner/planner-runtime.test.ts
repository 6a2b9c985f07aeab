import { describe, expect, it } from 'vitest';
import { selectConflicts, selectSyncStatus } from '../../../machines/plannerSync';
import { startPlannerRuntime } from '../../../src/app/planner-runtime';
import type { Period, TimetableData } from '../../../src/rules/planner-docs';
import { docsOf, findDoc } from '../../../src/rules/planner-docs';
import { amina } from '../screens/account-fixtures';
import { FakePlannerServer, flush, plannerDeps } from './fake-planner-server';

// The planner's composition (src/app/planner-runtime.ts) with the real machines and store, against an
// in-memory planner server that applies the real merge: two devices of one student, online and offline.

const period = (
  id: string,
  subject: string,
  start: string,
  end: string,
  over: Partial<Period> = {},
): Period => ({
  id,
  day: 1,
  start,
  end,
  subject,
  teacher: '',
  room: 'F5A',
  colour: '#1e88e5',
  ...over,
});
const MATHS = period('p-maths', 'Mathematics', '07:30', '08:25');
const PHYSICS = period('p-physics', 'Physics', '08:25', '09:20');
const week = (periods: Period[]): TimetableData => ({ name: 'Form 5 A', days: [1, 2, 3, 4, 5], periods });

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 50; i++) {
    if (check()) return;
    await flush();
  }
  throw new Error(`never: ${what}`);
}

describe('the planner runtime', () => {
  it('keeps a visitor’s planner on the device and sends it to the account at login', async () => {
    const server = new FakePlannerServer();
    const { deps, session } = plannerDeps(server, { loggedIn: false });
    const runtime = await startPlannerRuntime(deps);
    await runtime.save('list', 'gce', { name: 'GCE revision' });
    await flush();
    expect(selectSyncStatus(runtime.sync.getSnapshot())).toBe('deviceOnly');
    expect(server.calls).toEqual([]);
    session.send({
      type: 'session.login',
      token: 'jwt.later',
      user: { ...amina, id: 'u', username: 'a' },
      expiresAt: Date.now() + 3_600_000,
      now: Date.now(),
    });
    await until(() => selectSyncStatus(runtime.sync.getSnapshot()) === 'synced', 'synced');
    expect(server.calls).toEqual(['GET planner', 'PUT planner/list/gce']);
    expect(findDoc(runtime.store.getState(), 'list', 'gce')).toMatchObject({ revision: 1, dirty: false });
  });

  it('keeps offline edits on the device and sends them when the connection returns', async () => {
    const server = new FakePlannerServer();
    const { deps } = plannerDeps(server);
    const runtime = await startPlannerRuntime(deps);
    await until(() => selectSyncStatus(runtime.sync.getSnapshot()) === 'synced', 'first sync');
    server.down = true;
    window.dispatchEvent(new Event('offline'));
    await runtime.save('timetable', 'week', week([MATHS]));
    await flush();
    expect(selectSyncStatus(runtime.sync.getSnapshot())).toBe('waitingForNetwork');
    expect(findDoc(runtime.store.getState(), 'timetable', 'week')?.dirty).toBe(true);
    expect(server.docs.size).toBe(0);
    server.down = false;
    window.dispatchEvent(new Event('online'));
    await until(() => selectSyncStatus(runtime.sync.getSnapshot()) === 'synced', 'synced again');
    expect(server.docs.get('timetable:week')?.data).toEqual(week([MATHS]));
    expect(findDoc(runtime.store.getState(), 'timetable', 'week')?.dirty).toBe(false);
  });

  it('two devices edit the same period offline: both versions are kept, and the second device says so', async () => {
    const server = new FakePlannerServer();
    const phone = await startPlannerRuntime(plannerDeps(server).deps);
    await phone.save('timetable', 'week', week([MATHS, PHYSICS]));
    await until(() => server.docs.get('timetable:week')?.revision === 1, 'phone synced');
    const tablet = await startPlannerRuntime(plannerDeps(server).deps);
    await until(() => findDoc(tablet.store.getState(), 'timetable', 'week') !== undefined, 'tablet pulled');

    // Both go offline and change the same period differently.
    server.down = true;
    // The phone also moves it to Tuesday, so the two versions do not overlap (versions at the same time are
    // refused, as the next test shows).
    await phone.save('timetable', 'week', week([{ ...MATHS, day: 2, room: 'Lab 1' }, PHYSICS]));
    await tablet.save('timetable', 'week', week([{ ...MATHS, teacher: 'Mr Tabi' }, PHYSICS]));
    await flush();
    server.down = false;
    window.dispatchEvent(new Event('online'));
    await until(
      () =>
        selectSyncStatus(phone.sync.getSnapshot()) === 'synced' &&
        selectSyncStatus(tablet.sync.getSnapshot()) === 'synced',
      'both synced',
    );
    const conflicts = [
      ...selectConflicts(phone.sync.getSnapshot()),
      ...selectConflicts(tablet.sync.getSnapshot()),
    ];
    expect(conflicts).toEqual([
      expect.objectContaining({
        kind: 'timetable',
        id: 'week',
        title: 'Form 5 A',
        type: 'keptBoth',
        periodId: 'p-maths',
      }),
    ]);
    const stored = server.docs.get('timetable:week')?.data as unknown as TimetableData;
    expect(stored.periods).toHaveLength(3);
    expect(stored.periods).toContainEqual(expect.objectContaining({ room: 'Lab 1', teacher: '' }));
    expect(stored.periods).toContainEqual(expect.objectContaining({ room: 'F5A', teacher: 'Mr Tabi' }));
    // The device that pushed last shows the merged timetable; the other one gets it at its next refresh.
    const last = selectConflicts(tablet.sync.getSnapshot()).length > 0 ? tablet : phone;
    expect(findDoc(last.store.getState(), 'timetable', 'week')?.data.periods).toHaveLength(3);
  });

  it('two devices add overlapping periods offline: the second keeps its version, shown at the period at fault', async () => {
    const server = new FakePlannerServer();
    const phone = await startPlannerRuntime(plannerDeps(server).deps);
    await phone.save('timetable', 'week', week([MATHS]));
    await until(() => server.docs.get('timetable:week')?.revision === 1, 'phone synced');
    const tablet = await startPlannerRuntime(plannerDeps(server).deps);
    await until(() => findDoc(tablet.store.getState(), 'timetable', 'week') !== undefined, 'tablet pulled');

    server.down = true;
    const physics = period('p-physics', 'Physics', '08:30', '09:30');
    const chemistry = period('p-chem', 'Chemistry', '09:00', '10:00');
    await phone.save('timetable', 'week', week([MATHS, physics]));
    await tablet.save('timetable', 'week', week([MATHS, chemistry]));
    await flush();
    server.down = false;
    window.dispatchEvent(new Event('online'));
    const settled = () =>
      [phone, tablet].every((device) => selectSyncStatus(device.sync.getSnapshot()) === 'synced');
    await until(settled, 'both synced');

    // One went first; the other's version was refused and stays on that device, unsent, with the overlap.
    const refused = [phone, tablet].find(
      (device) => findDoc(device.store.getState(), 'timetable', 'week')?.syncOverlap !== undefined,
    );
    if (refused === undefined) throw new Error('neither device was refused');
    const doc = findDoc(refused.store.getState(), 'timetable', 'week');
    expect(doc?.dirty).toBe(true);
    const mine = refused === tablet ? chemistry : physics;
    const theirs = refused === tablet ? physics : chemistry;
    expect(doc?.data.periods).toEqual([MATHS, mine]);
    expect(doc?.syncOverlap).toEqual({
      day: 1,
      periodId: mine.id,
      other: { id: theirs.id, subject: theirs.subject, start: theirs.start, end: theirs.end },
      fromOtherDevice: true,
    });
    expect(server.docs.get('timetable:week')?.data).toEqual(week([MATHS, theirs]));

    // The student moves the refused period: it is sent again and merged, and nothing is lost.
    const moved = { ...mine, start: '10:00', end: '11:00' };
    await refused.save('timetable', 'week', week([MATHS, moved]));
    await until(() => server.docs.get('timetable:week')?.revision === 3, 'merged');
    const stored = server.docs.get('timetable:week')?.data as unknown as TimetableData;
    expect(stored.periods).toEqual(expect.arrayContaining([MATHS, theirs, moved]));
    await until(() => findDoc(refused.store.getState(), 'timetable', 'week')?.dirty === false, 'taken');
    expect(findDoc(refused.store.getState(), 'timetable', 'week')?.syncOverlap).toBeUndefined();
  });

  it('forgets the memory copy at logout, and plans reminders only from what is left', async () => {
    const server = new FakePlannerServer();
    const { deps, session } = plannerDeps(server);
    const runtime = await startPlannerRuntime(deps);
    await runtime.save('list', 'gce', { name: 'GCE revision' });
    await until(() => server.docs.size === 1, 'synced');
    session.send({ type: 'session.logout' });
    await flush();
    expect(docsOf(runtime.store.getState(), 'list')).toEqual([]);
    expect(selectSyncStatus(runtime.sync.getSnapshot())).toBe('deviceOnly');
    expect(runtime.plannedReminders()).toEqual([]);
  });

  it('marks a version the account refuses, and goes on with the others', async () => {
    const server = new FakePlannerServer();
    const client = server.client();
    const { deps } = plannerDeps(server);
    const refusing = {
      ...client,
      request: async <T>(request: Parameters<typeof client.request>[0]): Promise<T> => {
        const { ApiError } = await import('../../../src/rules/api-errors');
        if (request.path === 'planner/list/bad')
          throw new ApiError({ status: 400, serverMsg: "Invalid value for field 'data.name'." });
        return client.request<T>(request);
      },
    };
    const runtime = await startPlannerRuntime({ ...deps, client: refusing });
    await runtime.save('list', 'bad', { name: 'x' });
    await runtime.save('list', 'good', { name: 'GCE revision' });
    await until(() => selectSyncStatus(runtime.sync.getSnapshot()) === 'synced', 'synced');
    expect(findDoc(runtime.store.getState(), 'list', 'bad')?.syncError).toBe(
      "Invalid value for field 'data.name'.",
    );
    expect(server.docs.has('list:good')).toBe(true);
  });
});
