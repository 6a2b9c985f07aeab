import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Payment } from '../../../contract/payments';
import type { CodesApi } from '../../lib/module-apis';
import { listRedemptions, type RedemptionListRow } from './queries';

/**
 * An access code redeemed, as the transactions tab lists it beside payments: its batch, the subjects it gave
 * (amount 1: one grant each), nothing paid, and never the code itself.
 */
function redemptionEntity(row: RedemptionListRow, studentId: string): Payment {
  const untils = row.granted.map((g) => new Date(g.expiresAt).getTime());
  return {
    referenceId: row.id,
    kind: 'code',
    externalId: `CODE_${row.id}`,
    userId: studentId,
    items: row.granted.map((g) => ({
      subjectId: g.subjectId,
      amount: 1,
      subjectTitle: row.titles?.[g.subjectId] ?? null,
    })),
    totalCost: 0,
    currency: 'XAF',
    msisdn: null,
    status: 'SUCCESSFUL',
    reason: null,
    createdAt: new Date(row.redeemed_at).toISOString(),
    settledAt: new Date(row.redeemed_at).toISOString(),
    order: null,
    redemption: {
      batch: row.batch,
      days: row.days,
      until: new Date(untils.length === 0 ? row.redeemed_at : Math.max(...untils)).toISOString(),
    },
  };
}

/** What the codes module offers the others, decorated as `app.codes` (lib/module-apis.ts). */
async function codesApi(app: FastifyInstance): Promise<void> {
  const api: CodesApi = {
    async redemptions(studentId) {
      return (await listRedemptions(app.db, studentId)).map((row) => redemptionEntity(row, studentId));
    },
  };
  app.decorate('codes', api);
}

export default fp(codesApi, { name: 'codes-api', fastify: '5.x' });
