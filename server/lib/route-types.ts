import type {
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The request of a route whose schema is `S`, typed as Fastify types it inside the route (body, query and
 * params parsed by the zod schemas): what lets a route's handler be a named function of its own, written
 * beside its schema, instead of an arrow inside the registration.
 */
export type RouteRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;
