import { join } from 'node:path';
import send from '@fastify/send';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { verifyMediaSignature } from '../../lib/media-signing';
import { failures } from '../../lib/schemas';
import { mayWatch } from '../../lib/subject-access';
import { SEED_MEDIA_DIR } from '../../seed/seed';
import { uploadsDir } from '../users/pictures';

/** A bare file name: no directory, no dot file, so a path can never leave its folder. */
const fileName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,120}$/);
const fileParams = z.object({ file: fileName });

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

const mediaRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['media'];

  app.get(
    '/media/videos/:file',
    {
      schema: {
        tags,
        description:
          "A lesson video, through the signed URL found in a video's streamUrl. Honours Range (206); 403 when the signature is wrong or expired, or the access to the subject ended since.",
        params: fileParams,
        querystring: z.object({
          student: z.string().max(100).default(''),
          subject: z.string().min(1).max(100),
          exp: z.coerce.number().int().positive(),
          sig: z.string().min(1).max(100),
        }),
        response: failures(400, 403, 404, 416),
      },
    },
    async (request, reply) => {
      const { student, subject, exp, sig } = request.query;
      const grant = { file: request.params.file, studentId: student, subjectId: subject, expiresAt: exp };
      if (!verifyMediaSignature(app.config.jwtSecret, grant, sig) || exp * 1000 < Date.now()) {
        throw new HttpError(403, 'mediaForbidden');
      }
      // The URL may outlive the access that earned it (expiry, account deletion): ask again.
      if (!(await mayWatch(app.db, student, subject))) throw new HttpError(403, 'mediaForbidden');
      const secondsLeft = Math.max(0, exp - Math.floor(Date.now() / 1000));
      return sendFile(
        request,
        reply,
        join(SEED_MEDIA_DIR, 'videos'),
        request.params.file,
        `private, max-age=${secondsLeft}`,
      );
    },
  );

  const publicFolders: Array<[string, () => string]> = [
    ['pictures', () => join(SEED_MEDIA_DIR, 'pictures')],
    ['thumbnails', () => join(SEED_MEDIA_DIR, 'thumbnails')],
    // Profile pictures have random names and are replaced, never rewritten, so they cache like the rest.
    ['uploads', () => uploadsDir(app.config.dataDir)],
  ];
  for (const [folder, root] of publicFolders) {
    app.get(
      `/media/${folder}/:file`,
      { schema: { tags, params: fileParams, response: failures(400, 404, 416) } },
      async (request, reply) =>
        sendFile(request, reply, root(), request.params.file, 'public, max-age=86400'),
    );
  }
};

export default mediaRoutes;
