import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentStudent } from '../../lib/auth';
import { publicOrigin } from '../../lib/public-origin';
import { sendPersonalJson } from '../../lib/response-cache';
import { bearerSecurity, failures } from '../../lib/schemas';
import { currentAccess } from '../../lib/subject-access';
import { pickContinue } from './continue-rule';
import { listPositions } from './position-queries';
import type { CatalogueVideo } from './queries';
import { type ContinueWatching, continueWatchingResponse, type LessonSummary } from './schemas';

/** A lesson as home lists it: what shows it and opens the player (the player loads the rest). */
function summaryOf(video: CatalogueVideo): LessonSummary {
  return {
    _id: video._id,
    title: video.title,
    ...(video.titles === undefined ? {} : { titles: video.titles }),
    subjectId: video.subjectId,
    subjectTitle: video.subjectTitle,
    section: video.section,
    subsection: video.subsection,
    level: video.level,
    thumbnailUrl: video.thumbnailUrl,
    ...(video.thumbnailSrcset === undefined ? {} : { thumbnailSrcset: video.thumbnailSrcset }),
    durationSeconds: video.durationSeconds,
  };
}

/**
 * GET videos/continue: "Continue" and "Next up" for the student's home (docs/home.md), one small answer
 * instead of the whole list of lessons and a position per lesson.
 */
const continueRoutes: FastifyPluginAsync<{
  catalogue: (origin: string) => Promise<CatalogueVideo[]>;
}> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/videos/continue',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['videos'],
        security: bearerSecurity,
        description:
          "What the student's home offers: the lesson watched last where they stopped (unless finished), and the next one — the first unfinished lesson after it in its subject, else the first lesson of a paid subject not started yet. Lessons of subjects the student may not watch now are left out.",
        response: { 200: continueWatchingResponse, ...failures(401) },
      },
    },
    async (request, reply) => {
      const student = currentStudent(request);
      const [lessons, positions, access] = await Promise.all([
        options.catalogue(publicOrigin(request)),
        listPositions(app.db, student.id),
        currentAccess(app.db, student.id),
      ]);
      const free = new Set(lessons.filter((lesson) => lesson.free).map((lesson) => lesson.subjectId));
      const pick = pickContinue({
        lessons,
        positions,
        paidSubjects: access,
        mayWatch: (subjectId) => access.has(subjectId) || free.has(subjectId),
      });
      const body: ContinueWatching = {
        success: true,
        resume:
          pick.resume === null
            ? null
            : {
                lesson: summaryOf(pick.resume.lesson),
                position: pick.resume.position,
                updatedAt: new Date(pick.resume.updatedAt).toISOString(),
              },
        nextUp:
          pick.nextUp === null
            ? null
            : {
                lesson: summaryOf(pick.nextUp.lesson),
                position: pick.nextUp.position,
                reason: pick.nextUp.reason,
              },
      };
      // Personal, and changes with every position saved: compressed for this request, never stored by a cache.
      return sendPersonalJson(request, reply, JSON.stringify(body));
    },
  );
};

export default continueRoutes;
