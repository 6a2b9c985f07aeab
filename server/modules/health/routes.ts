import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../contract/health';
import { databaseAnswers } from './queries';

const healthRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** The provider answers at all (any HTTP status): reachable. The built-in emulator is this very process. */
  const momoReachable = async (): Promise<boolean> => {
    if (app.config.momo.usesBuiltInSandbox)
      return app.hasRoute({ method: 'POST', url: '/momo-sandbox/collection/token/' });
    try {
      await app.httpFetch(app.config.momo.baseUrl, { method: 'HEAD', signal: AbortSignal.timeout(2_000) });
      return true;
    } catch {
      return false;
    }
  };

  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        description:
          '200 when the database answers, 503 otherwise; momo says whether the provider is reachable.',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const db = await databaseAnswers(app.db);
      const momo = await momoReachable();
      return reply.code(db ? 200 : 503).send({ ok: db, db, momo });
    },
  );
};

export default healthRoutes;
