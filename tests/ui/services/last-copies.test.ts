import { describe, expect, it } from 'vitest';
import {
  createLastCopies,
  LAST_COPIES_INDEX_KEY,
  LAST_COPIES_KEPT,
} from '../../../src/services/offline/last-copies';
import { memoryStore } from '../content/fixtures';

// Issue 18: the device keeps the last copy of each screen's data, filed under the student's account, so an
// offline screen shows it with its date; a payment list is personal and never shown to another account.

const NOW = Date.parse('2026-11-20T08:15:00.000Z');
const PAYMENTS = [{ referenceId: 'r-1', externalId: 'ORDER_1', status: 'SUCCESSFUL', totalCost: 2500 }];

function copies(owner: { id: string | null }, store = memoryStore()) {
  let now = NOW;
  const lastCopies = createLastCopies({ store, owner: () => owner.id, now: () => now });
  return { lastCopies, store, later: (ms: number) => (now += ms) };
}

describe('last copies', () => {
  it('reads back what was kept, with the date it was received', async () => {
    const { lastCopies } = copies({ id: 'student-1' });
    expect(await lastCopies.read('transactions', null)).toBeNull();
    await lastCopies.keep('transactions', null, PAYMENTS);
    expect(await lastCopies.read('transactions', null)).toEqual({
      data: PAYMENTS,
      savedAt: '2026-11-20T08:15:00.000Z',
    });
  });

  it("never answers for another account: a student's payments are theirs", async () => {
    const owner = { id: 'student-1' as string | null };
    const { lastCopies } = copies(owner);
    await lastCopies.keep('transactions', null, PAYMENTS);
    owner.id = 'student-2';
    expect(await lastCopies.read('transactions', null)).toBeNull();
    owner.id = null;
    expect(await lastCopies.read('transactions', null)).toBeNull();
  });

  it('keeps one copy per params, compared by value, the newest replacing the older', async () => {
    const { lastCopies, later } = copies({ id: 'student-1' });
    await lastCopies.keep('section-videos', { section: 'anglophone', pages: 1 }, ['a']);
    await lastCopies.keep('section-videos', { section: 'francophone', pages: 1 }, ['f']);
    later(60_000);
    await lastCopies.keep('section-videos', { section: 'anglophone', pages: 1 }, ['a2']);
    expect(await lastCopies.read('section-videos', { section: 'anglophone', pages: 1 })).toEqual({
      data: ['a2'],
      savedAt: '2026-11-20T08:16:00.000Z',
    });
    expect((await lastCopies.read('section-videos', { section: 'francophone', pages: 1 }))?.data).toEqual([
      'f',
    ]);
  });

  it(`keeps the ${LAST_COPIES_KEPT} newest copies and deletes the oldest`, async () => {
    const { lastCopies, store, later } = copies({ id: 'student-1' });
    for (let page = 1; page <= LAST_COPIES_KEPT + 2; page++) {
      later(1000);
      await lastCopies.keep('book-pages', { page }, [page]);
    }
    expect(await lastCopies.read('book-pages', { page: 1 })).toBeNull();
    expect(await lastCopies.read('book-pages', { page: 2 })).toBeNull();
    expect((await lastCopies.read('book-pages', { page: 3 }))?.data).toEqual([3]);
    expect(await store.get(LAST_COPIES_INDEX_KEY)).toHaveLength(LAST_COPIES_KEPT);
    expect([...store.data.keys()].filter((key) => key.startsWith('last-copy:'))).toHaveLength(
      LAST_COPIES_KEPT,
    );
  });

  it('reads each copy and index entry through its schema: a malformed one is none, its neighbours kept', async () => {
    const { lastCopies, store } = copies({ id: 'student-1' });
    const key = (name: string) => `last-copy:student-1|${name}|null`;
    store.data.set(key('undated'), { data: PAYMENTS, savedAt: 'yesterday' });
    store.data.set(key('empty'), { savedAt: '2026-11-19T08:00:00.000Z' });
    store.data.set(key('transactions'), { data: PAYMENTS, savedAt: '2026-11-19T08:00:00.000Z' });
    const kept = { key: key('transactions'), savedAt: '2026-11-19T08:00:00.000Z' };
    store.data.set(LAST_COPIES_INDEX_KEY, [{ key: 7, savedAt: kept.savedAt }, { key: key('x') }, kept]);
    expect(await lastCopies.read('undated', null)).toBeNull();
    expect(await lastCopies.read('empty', null)).toBeNull();
    expect(await lastCopies.read('transactions', null)).toEqual({ data: PAYMENTS, savedAt: kept.savedAt });
    await lastCopies.keep('books', null, ['b']);
    expect(await store.get(LAST_COPIES_INDEX_KEY)).toEqual([
      { key: key('books'), savedAt: '2026-11-20T08:15:00.000Z' },
      kept,
    ]);
  });

  it('never throws: a store that refuses keeps nothing and reads nothing', async () => {
    const failing = {
      get: async () => {
        throw new Error('refused');
      },
      set: async () => {
        throw new Error('full');
      },
      del: async () => undefined,
    };
    const lastCopies = createLastCopies({ store: failing, owner: () => 'student-1', now: () => NOW });
    await expect(lastCopies.keep('transactions', null, PAYMENTS)).resolves.toBeUndefined();
    expect(await lastCopies.read('transactions', null)).toBeNull();
    const none = createLastCopies({ store: null, owner: () => 'student-1', now: () => NOW });
    await none.keep('transactions', null, PAYMENTS);
    expect(await none.read('transactions', null)).toBeNull();
  });
});
