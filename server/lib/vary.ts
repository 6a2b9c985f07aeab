import type { FastifyReply } from 'fastify';

/**
 * Adds to the reply's Vary instead of replacing it: CORS says `Origin` there already (its Allow-Origin
 * header depends on it), and a shared cache that lost it would hand one origin's answer to another.
 */
export function addVary(reply: FastifyReply, names: string): FastifyReply {
  const current = reply.getHeader('vary');
  const existing = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  return reply.header('vary', existing === '' ? names : `${existing}, ${names}`);
}
