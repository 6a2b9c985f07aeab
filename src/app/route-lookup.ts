import type { Endpoints } from '../services/api/endpoints';
import { hashPath } from './first-screen';
import type { RouteDefinition } from './routes';
import { LANDING_PATH, ROUTES } from './routes';

/**
 * Whether a path matches a route's pattern as wouter matches it here: same number of segments, `:name`
 * takes any one. The page's inline script matches the build's route table with this same function
 * (src/app/first-screen-boot.ts inlines its source text): it stays self-contained.
 */
export function matchRoute(pattern: string, path: string): boolean {
  const parts = pattern.split('/');
  const actual = path.split('/');
  return (
    parts.length === actual.length && parts.every((part, i) => part.startsWith(':') || part === actual[i])
  );
}

/** The route a location hash shows; unknown paths are landing, as AppRoutes routes them. */
export function routeFor(hash: string): RouteDefinition | undefined {
  const path = hashPath(hash);
  return ROUTES.find((r) => matchRoute(r.path, path)) ?? ROUTES.find((r) => r.path === LANDING_PATH);
}

/**
 * Asks for the list the first screen shows (its route's `data`) while its code loads: the answer waits in
 * the API client's session cache for the screen's own call. A protected route asks only with a session;
 * the route's `studentData` only for a stored student who may study a paid subject now (`mayStudy`).
 */
export function prefetchRouteData(hash: string, api: Endpoints, hasSession: boolean, mayStudy = false): void {
  const route = routeFor(hash);
  if (!route || (route.protected && !hasSession)) return;
  // A failed call is not cached: the screen asks again and shows the failure itself.
  const query = new URLSearchParams(hash.split('?')[1] ?? '');
  route.data?.(api, query).catch(() => undefined);
  if (hasSession && mayStudy) route.studentData?.(api).catch(() => undefined);
}
