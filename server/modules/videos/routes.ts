import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Section } from '../../lib/schemas';
import continueRoutes from './continue-routes';
import interactionRoutes from './interaction-routes';
import {
  allVideosSchema,
  filteredVideos,
  filteredVideosSchema,
  sectionVideosSchema,
  sendVideoList,
  upNextSchema,
  upNextVideos,
} from './list-handlers';
import { sendVideoPage, videoPageSchema } from './page-handler';
import { playSchema, sendPlay } from './play-handler';
import positionRoutes from './position-routes';
import { sharedAnswers, videoCatalogue } from './video-catalogue';

/** docs/product.md §7's path segment for each section with its own video list. */
const SECTION_PATHS: Record<string, Section> = {
  anglophone: 'anglophone',
  francophone: 'francophone',
  diplomaexams: 'diploma-exams',
  competitiveexams: 'competitive-exams',
};

/** The videos module: each route's handler is named after what it answers, in the files beside this one. */
const videosRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const shared = sharedAnswers();
  const optionalAuth = app.optionalAuth;
  await app.register(positionRoutes);

  app.get('/videos/fetchvideos', { preHandler: optionalAuth, schema: allVideosSchema }, (request, reply) =>
    sendVideoList(shared, request, reply, undefined),
  );
  for (const [path, section] of Object.entries(SECTION_PATHS)) {
    app.get(
      `/videos/fetchvideos/${path}`,
      { preHandler: optionalAuth, schema: sectionVideosSchema },
      (request, reply) => sendVideoList(shared, request, reply, section),
    );
  }
  app.get('/videos/page', { preHandler: optionalAuth, schema: videoPageSchema }, (request, reply) =>
    sendVideoPage(shared, request, reply),
  );
  app.post(
    '/videos/filtered-videos',
    { preHandler: optionalAuth, schema: filteredVideosSchema },
    filteredVideos,
  );
  app.post('/videos/upnext-videos', { preHandler: optionalAuth, schema: upNextSchema }, upNextVideos);
  await app.register(continueRoutes, { catalogue: (origin: string) => videoCatalogue(app, origin) });
  app.get('/videos/video/play', { preHandler: optionalAuth, schema: playSchema }, sendPlay);
  // Comments, reactions and views, after the lists as /docs has always shown them.
  await app.register(interactionRoutes);
};

export default videosRoutes;
