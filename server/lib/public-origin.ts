import type { FastifyRequest } from 'fastify';

/**
 * Absolute origin for links in responses (media URLs, reset links): PUBLIC_URL when configured, else the
 * origin the request came to, so a phone on the LAN gets URLs it can reach.
 */
export function publicOrigin(request: FastifyRequest): string {
  const configured = request.server.config.publicUrl;
  if (configured !== undefined) return configured;
  return `${request.protocol}://${request.host}`;
}
