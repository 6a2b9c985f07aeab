// After logging in, the student goes back to where they were going (`?next=/cart`), else home.
// Only the app's own hash paths are accepted, so a crafted link cannot send anyone to another site.

export const HOME_PATH = '/home';

/** Notes another screen leaves for the login screen (`?note=…`), each a key under `account.notes`. */
export const LOGIN_NOTES = ['registered', 'passwordReset', 'loggedOutEverywhere', 'loggedOut'] as const;
export type LoginNote = (typeof LOGIN_NOTES)[number];

export function returnPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return HOME_PATH;
  // Sending a student back to a login or register screen after logging in would loop.
  if (/^\/(login-with|register)/.test(next)) return HOME_PATH;
  return next;
}

export function loginNote(search: string): LoginNote | null {
  const note = new URLSearchParams(search).get('note');
  return LOGIN_NOTES.find((known) => known === note) ?? null;
}

/** Carries `next` on to the other login screen or to registration, so the destination is not lost. */
export function withNext(path: string, search: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  const next = new URLSearchParams(search).get('next');
  if (next) params.set('next', next);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The query of the current location. Wouter's hash navigation keeps a query in the real URL
 * (`/?next=x#/login…`), while mailed links put it inside the hash (`#/resetpassword?token=…`): read both.
 */
export function currentQuery(routerSearch: string, hash: string): string {
  const inHash = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  const params = new URLSearchParams(routerSearch);
  for (const [key, value] of new URLSearchParams(inHash)) if (!params.has(key)) params.set(key, value);
  return params.toString();
}
