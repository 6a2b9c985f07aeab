import type { PaidSubject } from '../../contract/users';

/**
 * Whether a stored or received value is a paid subject as docs/api.md gives it. Its own module: storage reads the
 * stored user with it on the first screen (src/services/storage.ts), without the access rules'
 * code (src/rules/subject-access.ts), which the landing does not need.
 */
export function isPaidSubject(value: unknown): value is PaidSubject {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.subjectId === 'string' &&
    typeof entry.subjectTitle === 'string' &&
    typeof entry.expiresAt === 'string'
  );
}
