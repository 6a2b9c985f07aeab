import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerCodeMessages } from './messages';
import {
  createBatch,
  createBatchSchema,
  listBatchesSchema,
  listCodeBatches,
  operatorOnly,
  revokeBatchSchema,
  revokeCodeBatch,
} from './operator-handlers';
import { redeemSchema, redeemSerial } from './redeem-handler';

/**
 * Access codes (issue 20). A student redeems one (`POST subjects/serial/redeem`, docs/product.md's serial payload)
 * and gets access as a payment gives it; the operator makes, lists and withdraws batches of them through
 * `/operator/codes/…`, with the operator token (what `npm run codes` sends).
 */
const codesModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  registerCodeMessages();

  app.post('/subjects/serial/redeem', { preHandler: app.authenticate, schema: redeemSchema }, redeemSerial);
  // The operator's routes: the token checked first.
  app.post('/operator/codes/batches', { preHandler: operatorOnly, schema: createBatchSchema }, createBatch);
  app.get(
    '/operator/codes/batches',
    { preHandler: operatorOnly, schema: listBatchesSchema },
    listCodeBatches,
  );
  app.post(
    '/operator/codes/batches/revoke',
    { preHandler: operatorOnly, schema: revokeBatchSchema },
    revokeCodeBatch,
  );
};

export default codesModule;
