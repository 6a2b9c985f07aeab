import ICAL from 'ical.js';
import { describe, expect, it, vi } from 'vitest';
import { escapeText, foldLine, icsFileName, timetableToIcs } from '../../../src/rules/ics';
import type { ServerDoc, TimetableData } from '../../../src/rules/planner-docs';
import { parseSavedScholarships, SAVED_SCHOLARSHIPS_KEY } from '../../../src/rules/saved-scholarship';
import {
  createWebNotifications,
  numericId,
  OPEN_ROUTE_MESSAGE,
} from '../../../src/services/planner/notifications';
import { createPlannerStore, PLANNER_KEYS } from '../../../src/services/planner/planner-store';
import { readSavedScholarships } from '../../../src/services/planner/saved-scholarships';
import type { KeyValueStore } from '../../../src/services/playback-positions';

function memoryKv(): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async (key) => data.get(key),
    set: async (key, value) => {
      data.set(key, structuredClone(value));
    },
    del: async (key) => {
      data.delete(key);
    },
  };
}

const WEEK: TimetableData = {
  name: 'Form 5 A; Lycée, Bilingue',
  days: [1, 3],
  periods: [
    {
      id: 'p1',
      day: 1,
      start: '07:30',
      end: '08:25',
      subject: 'Mathematics',
      teacher: 'Mrs Fon',
      room: 'F5A',
      colour: '#1e88e5',
    },
    {
      id: 'p2',
      day: 3,
      start: '13:00',
      end: '14:55',
      subject: 'Physics, practical',
      teacher: '',
      room: '',
      colour: '#43a047',
    },
  ],
};

describe('the device copy (planner-store)', () => {
  it('saves edits as unsent, reads them back after a restart, and keeps deletions as tombstones', async () => {
    const kv = memoryKv();
    const store = createPlannerStore(kv, () => 1_000);
    await store.load();
    await store.save('timetable', 'week', WEEK);
    await store.save('list', 'gce', { name: 'GCE' });
    await store.remove('list', 'gce');
    expect(store.unsent().map((d) => `${d.kind}:${d.id}:${d.deleted}`)).toEqual([
      'list:gce:true',
      'timetable:week:false',
    ]);
    const again = createPlannerStore(kv);
    await again.load();
    expect(again.getState().docs['timetable:week']).toMatchObject({ data: WEEK, dirty: true, revision: 0 });
    expect(kv.data.get(PLANNER_KEYS.documents)).toMatchObject({ v: 1 });
  });

  it('takes the account’s copy except where the device has an unsent edit, and drops what the account lost', async () => {
    const store = createPlannerStore(memoryKv());
    await store.load();
    await store.save('list', 'mine', { name: 'Unsent' });
    const server = (id: string, name: string, revision = 2): ServerDoc => ({
      kind: 'list',
      id,
      revision,
      deleted: false,
      updatedAt: '',
      data: { name },
    });
    await store.applyServerDocuments([
      server('mine', 'Older on the server'),
      server('other', 'From the tablet'),
    ]);
    expect(store.getState().docs['list:mine']).toMatchObject({ data: { name: 'Unsent' }, dirty: true });
    expect(store.getState().docs['list:other']).toMatchObject({
      data: { name: 'From the tablet' },
      revision: 2,
      dirty: false,
    });
    await store.applyServerDocuments([server('mine', 'x')]);
    expect(store.getState().docs['list:other']).toBeUndefined();
  });

  it('keeps an edit made while its previous version was being sent, still based on the old revision', async () => {
    let clock = 1_000;
    const store = createPlannerStore(memoryKv(), () => clock);
    await store.load();
    await store.save('list', 'gce', { name: 'First' });
    const [sent] = store.unsent();
    clock = 1_000; // the same millisecond: still told apart
    await store.save('list', 'gce', { name: 'Second' });
    if (!sent) throw new Error('nothing unsent');
    await store.applySent(sent, {
      kind: 'list',
      id: 'gce',
      revision: 1,
      deleted: false,
      updatedAt: '',
      data: { name: 'First' },
    });
    expect(store.getState().docs['list:gce']).toMatchObject({
      data: { name: 'Second' },
      dirty: true,
      revision: 0,
    });
    const [again] = store.unsent();
    if (!again) throw new Error('nothing unsent');
    await store.applySent(again, {
      kind: 'list',
      id: 'gce',
      revision: 2,
      deleted: false,
      updatedAt: '',
      data: { name: 'Second' },
    });
    expect(store.getState().docs['list:gce']).toMatchObject({ dirty: false, revision: 2 });
  });

  it('works from memory when IndexedDB is unavailable or refuses writes', async () => {
    const failing: KeyValueStore = {
      get: () => Promise.reject(new Error('private window')),
      set: () => Promise.reject(new Error('quota')),
      del: () => Promise.reject(new Error('quota')),
    };
    const store = createPlannerStore(failing);
    await store.load();
    expect(store.getState().ready).toBe(true);
    await store.save('list', 'gce', { name: 'GCE' });
    expect(store.getState().docs['list:gce']).toBeDefined();
    expect(await store.loadDelivered()).toEqual([]);
  });

  it('ignores a stored copy of another shape or version', async () => {
    const kv = memoryKv();
    kv.data.set(PLANNER_KEYS.documents, { v: 99, data: {} });
    kv.data.set(PLANNER_KEYS.switches, { v: 1, data: { periods: true, periodLeadMinutes: 7 } });
    const store = createPlannerStore(kv);
    await store.load();
    expect(store.getState().docs).toEqual({});
    expect(store.getState().switches.periodLeadMinutes).toBe(10);
  });

  it('reads each stored document through its schema: a malformed one is left out, the others kept', async () => {
    const kv = memoryKv();
    const doc = {
      kind: 'list',
      id: 'gce',
      data: { name: 'GCE' },
      revision: 2,
      deleted: false,
      dirty: false,
      changedAt: 5,
    };
    const refused = {
      ...doc,
      kind: 'timetable',
      id: 'week',
      data: WEEK,
      dirty: true,
      syncError: 'overlap',
      syncOverlap: {
        day: 1,
        periodId: 'p1',
        other: { id: 'p2', subject: 'Physics', start: '07:45', end: '08:30' },
        fromOtherDevice: true,
      },
    };
    kv.data.set(PLANNER_KEYS.documents, {
      v: 1,
      data: {
        'list:gce': doc,
        'timetable:week': refused,
        'item:a': { ...doc, kind: 'item', id: 'a', revision: '2' },
        'list:b': { ...doc, id: 'b', data: 'GCE' },
        'note:c': { ...doc, kind: 'note', id: 'c' },
        'timetable:d': { ...refused, id: 'd', syncOverlap: { day: 9, periodId: 'p1' } },
        'list:e': { ...doc, id: 'e', dirty: undefined },
      },
    });
    kv.data.set(PLANNER_KEYS.switches, {
      v: 1,
      data: { periods: false, periodLeadMinutes: 15, items: true, deadlines: 'yes', expiry: true },
    });
    kv.data.set(PLANNER_KEYS.delivered, { v: 1, data: ['r1', 7, 'r2'] });
    const store = createPlannerStore(kv);
    await store.load();
    expect(Object.keys(store.getState().docs).sort()).toEqual(['list:gce', 'timetable:week']);
    expect(store.getState().docs['timetable:week']).toEqual(refused);
    expect(store.getState().switches.periods).toBe(true);
    expect(await store.loadDelivered()).toEqual(['r1', 'r2']);
  });
});

describe('the calendar file (.ics)', () => {
  it('is parsed by an iCalendar library as one weekly event per period, in local time', () => {
    const monday = new Date(2026, 0, 7, 12, 0).getTime(); // a Wednesday
    const text = timetableToIcs({ id: 'week', data: WEEK }, monday);
    expect(text.endsWith('\r\n')).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(text));
    // An x-property is kept as written by the parser: escaped like any text value.
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Form 5 A\\; Lycée\\, Bilingue');
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.summary, e.location, e.description, e.uid])).toEqual([
      ['Mathematics', 'F5A', 'Mrs Fon', 'week-p1@studycam'],
      ['Physics, practical', null, null, 'week-p2@studycam'],
    ]);
    const [maths, physics] = events;
    expect(maths?.startDate.toString()).toBe('2026-01-12T07:30:00');
    // Floating local time: no zone, no UTC 'Z'.
    expect(maths?.startDate.zone?.tzid).toBe('floating');
    expect(physics?.startDate.toString()).toBe('2026-01-07T13:00:00');
    expect(physics?.endDate.toString()).toBe('2026-01-07T14:55:00');
    const next = physics?.iterator();
    next?.next();
    expect(next?.next()?.toString()).toBe('2026-01-14T13:00:00');
  });

  it('ends a period ending at midnight at 00:00 of the next day, every week', () => {
    const late = { ...(WEEK.periods[0] as TimetableData['periods'][number]), start: '23:00', end: '00:00' };
    const text = timetableToIcs(
      { id: 'week', data: { ...WEEK, periods: [late] } },
      new Date(2026, 0, 7).getTime(),
    );
    const calendar = new ICAL.Component(ICAL.parse(text));
    const [event] = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(event?.startDate.toString()).toBe('2026-01-12T23:00:00');
    expect(event?.endDate.toString()).toBe('2026-01-13T00:00:00');
    expect(event?.duration.toSeconds()).toBe(3600);
  });

  it('escapes text, folds long lines at 75 octets and names the file safely', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const long = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(icsFileName('Form 5 A – Lycée')).toBe('form-5-a-lycee.ics');
    expect(icsFileName('???')).toBe('timetable.ics');
  });
});

describe('saved scholarships (written by the scholarships screens)', () => {
  const saved = {
    id: 'mastercard',
    title: { en: 'Mastercard Foundation Scholars', fr: 'Bourse Mastercard Foundation' },
    provider: 'Mastercard Foundation',
    deadline: '2026-05-31T23:59:00+01:00',
    url: 'https://example.org/apply',
    savedAt: '2026-03-01T10:00:00.000Z',
  };

  it('reads the saved list, leaves out an entry of another shape, and reads absent or broken as none', async () => {
    expect(parseSavedScholarships([saved, { id: 'x', title: 'no' }])).toEqual([saved]);
    expect(parseSavedScholarships(JSON.stringify([saved]))).toEqual([saved]);
    expect(parseSavedScholarships(undefined)).toEqual([]);
    expect(parseSavedScholarships('{not json')).toEqual([]);
    expect(parseSavedScholarships({ saved })).toEqual([]);
    const kv = memoryKv();
    expect(await readSavedScholarships(kv)).toEqual([]);
    kv.data.set(SAVED_SCHOLARSHIPS_KEY, [saved]);
    expect(await readSavedScholarships(kv)).toEqual([saved]);
    expect(await readSavedScholarships(null)).toEqual([]);
  });
});

describe('notifications in the browser', () => {
  it('maps the browser’s permission, and shows through the service worker with the route to open', async () => {
    const shown: { title: string; options: NotificationOptions | undefined }[] = [];
    const registration = {
      showNotification: async (title: string, options?: NotificationOptions) => {
        shown.push({ title, options });
      },
    };
    const listeners: ((event: MessageEvent) => void)[] = [];
    const FakeNotification = Object.assign(vi.fn(), {
      permission: 'default' as NotificationPermission,
      requestPermission: async () => 'granted' as NotificationPermission,
    });
    const bridge = createWebNotifications({
      Notification: FakeNotification as never,
      serviceWorker: {
        getRegistration: async () => registration as unknown as ServiceWorkerRegistration,
        addEventListener: ((_: string, listener: (event: MessageEvent) => void) =>
          listeners.push(listener)) as never,
        removeEventListener: (() => undefined) as never,
      },
      isSecureContext: true,
    });
    expect(await bridge.readPermission()).toBe('prompt');
    expect(await bridge.requestPermission()).toBe('granted');
    await bridge.show([
      { id: 'item:essay:1', title: 'Study reminder', body: 'Essay is due', route: '/schedule', at: 0 },
    ]);
    expect(shown).toEqual([
      {
        title: 'Study reminder',
        options: expect.objectContaining({
          body: 'Essay is due',
          tag: 'item:essay:1',
          data: { route: '/schedule' },
        }),
      },
    ]);
    const opened: string[] = [];
    bridge.onOpen((route) => opened.push(route));
    for (const listener of listeners)
      listener(new MessageEvent('message', { data: { type: OPEN_ROUTE_MESSAGE, route: '/timetable/week' } }));
    expect(opened).toEqual(['/timetable/week']);
    await expect(bridge.scheduleWithSystem([])).rejects.toThrow();
  });

  it('is unsupported without the Notification API or on an insecure page', async () => {
    expect(await createWebNotifications({ isSecureContext: true }).readPermission()).toBe('unsupported');
    const insecure = createWebNotifications({
      Notification: Object.assign(vi.fn(), {
        permission: 'granted',
        requestPermission: async () => 'granted',
      }) as never,
      isSecureContext: false,
    });
    expect(await insecure.readPermission()).toBe('unsupported');
  });

  it('gives the native plugin stable positive 31-bit ids', () => {
    expect(numericId('period:week:p1:1767600000000')).toBe(numericId('period:week:p1:1767600000000'));
    expect(numericId('a')).not.toBe(numericId('b'));
    for (const id of ['a', 'expiry:ang-maths-f5:1:604800000', '']) {
      expect(Number.isInteger(numericId(id))).toBe(true);
      expect(numericId(id)).toBeGreaterThanOrEqual(0);
      expect(numericId(id)).toBeLessThan(2 ** 31);
    }
  });
});
