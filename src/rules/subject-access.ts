import type { CartSubject } from '../../contract/catalogue';
import type { PaidSubject } from '../../contract/users';

// Issue 4's rules for a paid subject: where its access stands, when it may be renewed, and how the
// session's user lists it. Screens, the planner and the offline downloads read them here.

/** A paid subject can be renewed once it has expired or expires within this window (Issue 4). */
export const RENEW_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export type AccessState = 'active' | 'expiringSoon' | 'expired';

/** Where a paid subject stands at `now`; an unreadable date counts as expired so it can be renewed. */
export function accessState(expiresAt: string, now: number): AccessState {
  const end = Date.parse(expiresAt);
  if (!Number.isFinite(end) || end <= now) return 'expired';
  return end - now <= RENEW_WINDOW_MS ? 'expiringSoon' : 'active';
}

export const canRenew = (state: AccessState): boolean => state !== 'active';

/**
 * Whether the student may still study a paid subject at `now` by the expiry the device last heard from the
 * server: what decides offline (a downloaded lesson or book), until the server can be asked again.
 */
export function hasAccessAt(paid: readonly PaidSubject[], subjectId: string, now: number): boolean {
  const entry = paid.find((candidate) => candidate.subjectId === subjectId);
  return entry !== undefined && accessState(entry.expiresAt, now) !== 'expired';
}

/**
 * Whether the student may study at least one paid subject at `now`: what makes home offer "Continue".
 * Self-contained, since the page's inline script runs it too (src/rules/first-card.ts): accessState's "not
 * expired" written out (a readable expiry still ahead; tests/ui/rules/subject-access.test.ts holds them together).
 */
export function mayStudyAny(paid: readonly PaidSubject[], now: number): boolean {
  return paid.some((entry) => Date.parse(entry.expiresAt) > now);
}

/**
 * The session keeps the server's user object as it came; its paidSubjects are read defensively, since an
 * older stored user (or another backend) may lack them.
 */
export function paidSubjectsOf(user: { readonly [field: string]: unknown } | null): PaidSubject[] {
  const list = user?.paidSubjects;
  return Array.isArray(list) ? list.filter(isPaidSubject) : [];
}

/** The paid entry for a subject, matched by id, or by title for a backend that only stores titles. */
export function paidEntryFor(
  paid: readonly PaidSubject[],
  subject: { _id: string; subjectTitle: string },
): PaidSubject | undefined {
  return (
    paid.find((entry) => entry.subjectId === subject._id) ??
    paid.find((entry) => entry.subjectTitle === subject.subjectTitle)
  );
}

/** What `cart.add` takes: a subject without its quantity (the cart machine starts it at 1). */
export function cartSubjectOf(subject: CartSubject): CartSubject {
  return {
    _id: subject._id,
    subjectTitle: subject.subjectTitle,
    pictureurl: subject.pictureurl,
    price: subject.price,
  };
}

/** Whether a received value is a paid subject as docs/api.md gives it (the API client checks no answer). */
export function isPaidSubject(value: unknown): value is PaidSubject {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.subjectId === 'string' &&
    typeof entry.subjectTitle === 'string' &&
    typeof entry.expiresAt === 'string'
  );
}
