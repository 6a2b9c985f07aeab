/** The throttle key of a login: the account when it exists, else what was typed (unknown ones alike). */
export function loginAttemptKey(accountId: string | undefined, by: string, typed: string): string {
  return accountId !== undefined ? `id:${accountId}` : `${by}:${typed.toLowerCase()}`;
}
