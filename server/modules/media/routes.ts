import { existsSync } from 'node:fs';
import { join } from 'node:path';
import send from '@fastify/send';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { importedMediaDir, parseMediaFile } from '../../lib/media-files';
import { verifyMediaSignature } from '../../lib/media-signing';
import { failures, fileResponses } from '../../lib/schemas';
import { mayStream } from '../../lib/subject-access';
import { SEED_MEDIA_DIR } from '../../seed/seed';
import { uploadsDir } from '../users/pictures';

/** A bare file name: no directory, no dot file, so a path can never leave its folder. */
const fileName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,120}$/);
const fileParams = z.object({ file: fileName });

/** Imported lessons (DATA_DIR/media, `npm run content:import`) first, then the seed's own media. */
function mediaRoot(roots: readonly string[], file: string): string {
  return roots.find((root) => existsSync(join(root, file))) ?? roots[roots.length - 1] ?? '';
}

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
  const importedMedia = importedMediaDir(app.config.dataDir);

  app.get(
    '/media/videos/:file',
    {
      schema: {
        tags,
        description:
          'A lesson video rendition (<stem>-<quality>.mp4) or its captions (<stem>-<lang>.vtt), through the signed URL of the video list (streamUrl, renditions[].url, captions[].url). Honours Range (206); 403 when the signature is wrong or expired, the access to the subject ended since, or every session of the student was revoked since (all-device logout, password change or reset, deletion).',
        params: fileParams,
        querystring: z.object({
          student: z.string().max(100).default(''),
          subject: z.string().min(1).max(100),
          exp: z.coerce.number().int().positive(),
          v: z.coerce.number().int().nonnegative().max(2_147_483_647).default(0),
          sig: z.string().min(1).max(100),
        }),
        response: { ...fileResponses('video/mp4', 'text/vtt'), ...failures(400, 403, 404, 416) },
      },
    },
    async (request, reply) => {
      const { student, subject, exp, v, sig } = request.query;
      const media = parseMediaFile(request.params.file);
      if (media === null) throw new HttpError(404, 'notFound');
      const grant = {
        file: media.stem,
        studentId: student,
        subjectId: subject,
        expiresAt: exp,
        tokenVersion: v,
      };
      if (!verifyMediaSignature(app.config.jwtSecret, grant, sig) || exp * 1000 < Date.now()) {
        throw new HttpError(403, 'mediaForbidden');
      }
      // The URL may outlive the access or the sessions that earned it (expiry, logout everywhere, deletion).
      if (!(await mayStream(app.db, grant))) throw new HttpError(403, 'mediaForbidden');
      const secondsLeft = Math.max(0, exp - Math.floor(Date.now() / 1000));
      const file = request.params.file;
      return sendFile(
        request,
        reply,
        mediaRoot([join(importedMedia, 'videos'), join(SEED_MEDIA_DIR, 'videos')], file),
        file,
        `private, max-age=${secondsLeft}`,
      );
    },
  );

  const publicFolders: Array<[string, () => string[]]> = [
    ['pictures', () => [join(SEED_MEDIA_DIR, 'pictures')]],
    ['thumbnails', () => [join(importedMedia, 'thumbnails'), join(SEED_MEDIA_DIR, 'thumbnails')]],
    // Profile pictures have random names and are replaced, never rewritten, so they cache like the rest.
    ['uploads', () => [uploadsDir(app.config.dataDir)]],
  ];
  for (const [folder, roots] of publicFolders) {
    app.get(
      `/media/${folder}/:file`,
      {
        schema: {
          tags,
          params: fileParams,
          response: { ...fileResponses('image/webp', 'image/jpeg', 'image/png'), ...failures(400, 404, 416) },
        },
      },
      async (request, reply) =>
        sendFile(
          request,
          reply,
          mediaRoot(roots(), request.params.file),
          request.params.file,
          'public, max-age=86400',
        ),
    );
  }
};

export default mediaRoutes;
