import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOrigin } from '../../lib/public-origin';
import { prepareJson, sendPreparedJson } from '../../lib/response-cache';
import { failures, type Section } from '../../lib/schemas';
import { listSubjects } from './queries';
import { subjectSchema, subjectsBySectionBody } from './schemas';

/** docs/product.md §7's path segment for each section that has its own list call. */
const SECTION_PATHS: Record<string, Section> = {
  anglophone: 'anglophone',
  francophone: 'francophone',
  'diploma-exams': 'diploma-exams',
  'competitive-exams': 'competitive-exams',
};

const catalogueRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  const subjectList = (origin: string) =>
    app.responseCache.get(`subjects|list|${origin}`, () => listSubjects(app.db, origin, app.mediaRoots));
  const subjectsJson = (origin: string) =>
    app.responseCache.get(`subjects|json|${origin}`, async () => prepareJson(await subjectList(origin)));

  app.get(
    '/subjects/subject/fetch-all',
    { schema: { tags: ['catalogue'], response: { 200: z.array(subjectSchema) } } },
    async (request, reply) => sendPreparedJson(request, reply, await subjectsJson(publicOrigin(request))),
  );

  for (const [path, section] of Object.entries(SECTION_PATHS)) {
    app.post(
      `/subjects/subject/fetch/${path}`,
      {
        schema: {
          tags: ['catalogue'],
          body: subjectsBySectionBody,
          response: { 200: z.array(subjectSchema), ...failures(400) },
        },
      },
      async (request) => {
        const level = request.body?.level?.toLowerCase();
        const all = await subjectList(publicOrigin(request));
        return all.filter(
          (s) => s.section === section && (level === undefined || s.level.toLowerCase() === level),
        );
      },
    );
  }
};

export default catalogueRoutes;
