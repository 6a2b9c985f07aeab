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
          '200 when the database answers, 503 otherwise; momo says whether the provider is reachable, storage whether DATA_DIR takes writes, backup when the newest backup in BACKUP_DIR was made and whether the schedule is behind.',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const db = await databaseAnswers(app.db);
      const momo = await momoReachable();
      // A full disk does not take the process out of a proxy's rotation: it still serves every read.
      await app.diskGuard.check().catch(() => {});
      const storage = app.diskGuard.state().problem === null;
      return reply.code(db ? 200 : 503).send({ ok: db, db, momo, storage, backup: app.backups.status() });
    },
  );
};

export default healthRoutes;
