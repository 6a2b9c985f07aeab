import { afterEach, describe, expect, it } from 'vitest';
import type { ClientUser } from '../../../contract/users';
import { storedPaidSubjects } from '../../../src/app/first-card-preload';
import { isPaidSubject, paidSubjectsOf } from '../../../src/rules/subject-access';
import { createAppStorage, STORAGE_KEYS, STORAGE_VERSION } from '../../../src/services/storage';
import { createStoredRecords } from '../../../src/services/stored-records';
import { amina } from '../screens/account-fixtures';

// The page's inline script reads the stored student's paid subjects before any module runs (issue 19: which
// card home and study-sections draw first, src/app/first-card-preload.ts), so it writes storage's read out
// again. This table holds that copy to the app's own read at start (src/services/storage.ts's envelope,
// src/services/stored-records.ts: the current `{ v, data }`, else the replaced app's plain user): the script
// reads exactly the paid subjects the app will read. Red when either drifts (e.g. any `v` accepted).

const paid = [
  { subjectId: 'ang-maths-f5', subjectTitle: 'Mathematics Form 5', expiresAt: '2027-06-30T00:00:00.000Z' },
  {
    subjectId: 'fr-pct-2nde',
    subjectTitle: 'PCT 2nde',
    expiresAt: '2027-01-15T00:00:00.000Z',
    section: 'francophone' as const,
  },
];
const student: ClientUser = { ...amina, paidSubjects: paid };
/** The user as the app this one replaced kept it: plain JSON, the fields docs/product.md §3 names. */
const legacy = { id: 'u1', username: 'amina', role: 'STUDENT', paidSubjects: paid };

const table: [string, string | null][] = [
  ['the current envelope', JSON.stringify({ v: STORAGE_VERSION, data: student })],
  ['the current envelope, no paid subject', JSON.stringify({ v: STORAGE_VERSION, data: amina })],
  ['a later version', JSON.stringify({ v: STORAGE_VERSION + 1, data: student })],
  ['an earlier version', JSON.stringify({ v: STORAGE_VERSION - 1, data: student })],
  ['the version as text', JSON.stringify({ v: String(STORAGE_VERSION), data: student })],
  ['the envelope without data', JSON.stringify({ v: STORAGE_VERSION })],
  ['the envelope with null data', JSON.stringify({ v: STORAGE_VERSION, data: null })],
  ['the replaced app’s user', JSON.stringify(legacy)],
  ['the replaced app’s user with _id', JSON.stringify({ ...legacy, id: undefined, _id: 'u1' })],
  ['the replaced app’s user without a username', JSON.stringify({ ...legacy, username: '' })],
  ['the replaced app’s user without an id', JSON.stringify({ ...legacy, id: undefined })],
  ['corrupt JSON', '{"v":1,"data":'],
  ['a list', JSON.stringify([{ v: STORAGE_VERSION, data: student }])],
  ['JSON null', 'null'],
  ['a string', JSON.stringify('amina')],
  ['nothing stored', null],
];

/** The paid subjects the app reads at start: the stored user, else the replaced app's user it migrates. */
function appReads(): ReturnType<typeof paidSubjectsOf> {
  const records = createStoredRecords(createAppStorage(window.localStorage));
  return paidSubjectsOf(records.getUser() ?? records.migrateLegacyUser());
}

afterEach(() => {
  window.localStorage.clear();
});

describe("the page's read of the stored student's paid subjects", () => {
  it.each(table)('reads what the app reads: %s', (_name, raw) => {
    if (raw !== null) window.localStorage.setItem(STORAGE_KEYS.user, raw);
    // The script first (the app's migration rewrites the replaced app's user in this app's envelope).
    const script = storedPaidSubjects(STORAGE_KEYS.user, STORAGE_VERSION, isPaidSubject);
    expect(script).toEqual(appReads());
  });

  it('the table reaches both answers: some rows with paid subjects, some without', () => {
    const counts = table.map(([, raw]) => {
      window.localStorage.clear();
      if (raw !== null) window.localStorage.setItem(STORAGE_KEYS.user, raw);
      return appReads().length;
    });
    expect(counts.filter((count) => count > 0).length).toBeGreaterThanOrEqual(3);
    expect(counts.filter((count) => count === 0).length).toBeGreaterThanOrEqual(8);
  });
});
