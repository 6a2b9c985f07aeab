import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * Streams one file with HTTP Range support (206 with Content-Range, 416 for an unsatisfiable range),
 * ETag and Last-Modified, through @fastify/send.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  root: string,
  file: string,
  cacheControl: string,
) {
  const result = await send(request.raw, file, {
    root,
    dotfiles: 'deny',
    cacheControl: false,
    acceptRanges: true,
  });
  if (result.type === 'error') {
    const status = (result.metadata.error as { status?: number }).status ?? 500;
    if (status === 404) throw new HttpError(404, 'notFound');
    if (status === 416) {
      reply.headers(result.headers);
      throw new HttpError(416, 'invalidField', { field: 'Range' });
    }
    if (status === 403 || status === 400) throw new HttpError(403, 'forbidden');
    throw result.metadata.error;
  }
  if (result.type === 'directory') throw new HttpError(404, 'notFound');
  return reply
    .code(result.statusCode)
    .headers(result.headers)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .send(result.stream);
}
