import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { parseMediaFile } from '../../lib/media-files';
import { type MediaRoots, rootHolding } from '../../lib/media-roots';
import { verifyMediaSignature } from '../../lib/media-signing';
import { failures } from '../../lib/schemas';
import { sendFile } from '../../lib/send-file';
import { mayStream } from '../../lib/subject-access';

/** A bare file name: no directory, no dot file, so a path can never leave its folder. */
const fileName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,120}$/);
const fileParams = z.object({ file: fileName });

const signedMediaQuery = z.object({
  student: z.string().max(100).default(''),
  subject: z.string().min(1).max(100),
  exp: z.coerce.number().int().positive(),
  v: z.coerce.number().int().nonnegative().max(2_147_483_647).default(0),
  sig: z.string().min(1).max(100),
});

/** A lesson's rendition or captions, through a signed URL still covered by the student's access. */
function videoFileHandler(app: FastifyInstance) {
  return async (
    request: FastifyRequest<{
      Params: z.infer<typeof fileParams>;
      Querystring: z.infer<typeof signedMediaQuery>;
    }>,
    reply: FastifyReply,
  ) => {
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
      rootHolding(app.mediaRoots.videos, file),
      file,
      `private, max-age=${secondsLeft}`,
    );
  };
}

/** A public picture (profile pictures included: random names, replaced, never rewritten, so they cache). */
function publicFileHandler(roots: readonly string[]) {
  return async (request: FastifyRequest<{ Params: z.infer<typeof fileParams> }>, reply: FastifyReply) =>
    sendFile(
      request,
      reply,
      rootHolding(roots, request.params.file),
      request.params.file,
      'public, max-age=86400',
    );
}

const PUBLIC_FOLDERS = ['pictures', 'thumbnails', 'uploads'] as const satisfies ReadonlyArray<
  keyof MediaRoots
>;

const mediaRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['media'];
  app.get(
    '/media/videos/:file',
    {
      schema: {
        tags,
        description:
          'A lesson video rendition (<stem>-<quality>.mp4) or its captions (<stem>-<lang>.vtt), through the signed URL of the video list (streamUrl, renditions[].url, captions[].url). Honours Range (206); 403 when the signature is wrong or expired, the access to the subject ended since, or every session of the student was revoked since (all-device logout, password change or reset, deletion).',
        params: fileParams,
        querystring: signedMediaQuery,
        response: failures(400, 403, 404, 416),
      },
    },
    videoFileHandler(app),
  );
  for (const folder of PUBLIC_FOLDERS) {
    app.get(
      `/media/${folder}/:file`,
      { schema: { tags, params: fileParams, response: failures(400, 404, 416) } },
      publicFileHandler(app.mediaRoots[folder]),
    );
  }
};

export default mediaRoutes;
