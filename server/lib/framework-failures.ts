import type { RouteOptions } from 'fastify';
import { failureSchema } from '../../contract/common';

/** Statuses the server answers for any documented route, whatever its handler does (see below). */
const EVERY_ROUTE = [
  // A NUL character in any part of the request (input-guards.ts), a path segment the router refuses.
  400,
  // The database unavailable, or its disk full (disk-guard.ts), with Retry-After.
  503,
];
/** And for a route that reads a body: over the body limit, or of a content type it does not read. */
const BODY_ROUTE = [413, 415];

/**
 * onRoute hook: adds to each documented route's responses the failures that the framework and the app's
 * own hooks answer for it, so that the API document lists every status a route can answer. A route that
 * already documents one of them (with its own body) keeps its own.
 */
export function documentFrameworkFailures(route: RouteOptions): void {
  const schema = route.schema;
  if (schema === undefined || schema.hide === true) return;
  const readsBody = [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD');
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const status of [...EVERY_ROUTE, ...(readsBody ? BODY_ROUTE : [])]) {
    if (!(status in response)) response[status] = failureSchema;
  }
  schema.response = response;
}
