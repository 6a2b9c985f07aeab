/**
 * First path segments that belong to the server (docs/api.md's calls, their docs and the provider emulator), not
 * to the app: an unknown path under one of them is the server's JSON 404, never the app's page. The one
 * list, read by the server (server/lib/static-app.ts) and the service worker (src/sw/routes.ts); it imports
 * nothing (no zod), so the app takes it as a value from the contract.
 */
export const API_ROOTS = [
  'users',
  'forgot',
  'reset',
  'transactions',
  'payments',
  'happenings',
  'videos',
  'subjects',
  'books',
  'news',
  'livetv',
  'scholarships',
  'shop',
  'planner',
  'media',
  'health',
  'docs',
  'momo-sandbox',
  // The operator's routes (access codes, issue 20), which `npm run codes` calls.
  'operator',
] as const;

/** Whether a path's first segment is one of the server's roots. */
export function isApiRoot(firstSegment: string): boolean {
  return (API_ROOTS as readonly string[]).includes(firstSegment);
}
