import { describe, expect, it } from 'vitest';
import {
  accessState,
  canRenew,
  cartSubjectOf,
  hasAccessAt,
  mayStudyAny,
  paidEntryFor,
  paidSubjectsOf,
  RENEW_WINDOW_MS,
} from '../../../src/rules/subject-access';
import { DAY, NOW } from '../screens/catalogue-fixtures';

const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('accessState: the 7-day renew window', () => {
  it('is active beyond 7 days, expiring soon from 7 days down, expired at and after the end', () => {
    expect(RENEW_WINDOW_MS).toBe(7 * DAY);
    expect(accessState(at(7 * DAY + 1), NOW)).toBe('active');
    expect(accessState(at(7 * DAY), NOW)).toBe('expiringSoon');
    expect(accessState(at(1), NOW)).toBe('expiringSoon');
    expect(accessState(at(0), NOW)).toBe('expired');
    expect(accessState(at(-DAY), NOW)).toBe('expired');
    expect(accessState('not a date', NOW)).toBe('expired');
  });

  it('reads only well-formed paid subjects from the session user', () => {
    const good = { subjectId: 'a', subjectTitle: 'A', expiresAt: at(DAY) };
    expect(paidSubjectsOf({ paidSubjects: [good, { subjectId: 'b' }, null] })).toEqual([good]);
    expect(paidSubjectsOf({})).toEqual([]);
    expect(paidSubjectsOf(null)).toEqual([]);
  });
});

describe('mayStudyAny: its own copy of "not expired" (the page runs it as source text)', () => {
  it('holds exactly when one entry is not expired by accessState, at the edges and for an unreadable date', () => {
    for (const expiresAt of [at(7 * DAY + 1), at(1), at(0), at(-DAY), 'not a date', '']) {
      const entry = { subjectId: 's', subjectTitle: 'S', expiresAt };
      expect(mayStudyAny([entry], NOW), expiresAt).toBe(accessState(expiresAt, NOW) !== 'expired');
    }
    expect(mayStudyAny([], NOW)).toBe(false);
  });
});

describe('canRenew', () => {
  it('is offered once a subject expires within the window or has expired, never while it is active', () => {
    expect(canRenew('active')).toBe(false);
    expect(canRenew('expiringSoon')).toBe(true);
    expect(canRenew('expired')).toBe(true);
    expect(canRenew(accessState(at(8 * DAY), NOW))).toBe(false);
    expect(canRenew(accessState(at(6 * DAY), NOW))).toBe(true);
  });
});

describe('paidEntryFor', () => {
  const paid = [
    { subjectId: 'maths', subjectTitle: 'Mathematics', expiresAt: at(DAY) },
    { subjectId: 'legacy', subjectTitle: 'Biology', expiresAt: at(2 * DAY) },
  ];

  it("finds a subject's entry by id, or by title for a backend that stores titles only", () => {
    expect(paidEntryFor(paid, { _id: 'maths', subjectTitle: 'Maths (renamed)' })).toBe(paid[0]);
    expect(paidEntryFor(paid, { _id: 'bio', subjectTitle: 'Biology' })).toBe(paid[1]);
    expect(paidEntryFor(paid, { _id: 'chem', subjectTitle: 'Chemistry' })).toBeUndefined();
  });
});

describe('cartSubjectOf', () => {
  it('keeps what the cart shows and prices, and no quantity (cart.add starts it at 1)', () => {
    expect(
      cartSubjectOf({
        _id: 'maths',
        subjectTitle: 'Mathematics',
        pictureurl: '/m.webp',
        price: 1500,
        ...{ section: 'anglophone', amount: 3 },
      }),
    ).toEqual({ _id: 'maths', subjectTitle: 'Mathematics', pictureurl: '/m.webp', price: 1500 });
  });
});

describe('hasAccessAt: the offline rule', () => {
  const paid = [
    { subjectId: 'maths', subjectTitle: 'Mathematics', expiresAt: at(DAY) },
    { subjectId: 'bio', subjectTitle: 'Biology', expiresAt: at(-1) },
    { subjectId: 'chem', subjectTitle: 'Chemistry', expiresAt: 'not a date' },
  ];

  it('holds for a subject paid until after now, and not at its end or after', () => {
    expect(hasAccessAt(paid, 'maths', NOW)).toBe(true);
    expect(hasAccessAt(paid, 'maths', NOW + DAY)).toBe(false);
    expect(hasAccessAt(paid, 'bio', NOW)).toBe(false);
  });

  it('does not hold for a subject never paid, or whose expiry cannot be read', () => {
    expect(hasAccessAt(paid, 'physics', NOW)).toBe(false);
    expect(hasAccessAt(paid, 'chem', NOW)).toBe(false);
  });
});
