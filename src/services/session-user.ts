import type { User } from './api/types';

/**
 * Whether a user object is API.md's user: the one the server sent and storage keeps. The machines type
 * only the fields they read (machines/types.ts), so the session's user is checked here before the app
 * reads the rest of it; a stored user that fails this is not restored.
 */
export function isAppUser(value: unknown): value is User {
  const user = value as { readonly [field: string]: unknown } | null | undefined;
  return (
    typeof user?.id === 'string' && typeof user.username === 'string' && Array.isArray(user.paidSubjects)
  );
}
