import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors';
import { publicOrigin } from '../../lib/public-origin';
import type { RouteRequest } from '../../lib/route-types';
import { sameToken } from '../../lib/same-token';
import { failures } from '../../lib/schemas';
import { codeHash, newCode } from './code-secret';
import { insertBatch, listBatches, revokeBatch } from './queries';
import {
  codeBatchesResponse,
  createCodeBatchBody,
  createCodeBatchResponse,
  revokeCodeBatchBody,
  revokeCodeBatchResponse,
} from './schemas';

// The operator's routes (`/operator/codes/…`, what `npm run codes` sends): a bearer of the operator token
// only (the command line reads it from DATA_DIR).

const DAY_MS = 24 * 60 * 60_000;
const operatorSecurity = [{ operatorToken: [] }];

/** The end of a day given as YYYY-MM-DD, Cameroon time: the first moment its codes are refused. */
function endOfDay(day: string): Date {
  return new Date(new Date(`${day}T00:00:00+01:00`).getTime() + DAY_MS);
}

/** preHandler of the operator's routes: 401 unless the operator token is sent as a bearer. */
export async function operatorOnly(request: FastifyRequest, _reply: FastifyReply) {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (given === '' || !sameToken(given, request.server.config.operatorToken)) {
    throw new HttpError(401, 'operatorUnauthorized');
  }
}

/** A route of the operator's: documented under `operator` with its scheme. */
function operatorSchema<Schema extends object>(description: string, schema: Schema) {
  return { tags: ['operator'], security: operatorSecurity, description, ...schema };
}

export const createBatchSchema = operatorSchema(
  'Makes a batch of access codes (what `npm run codes -- create` sends). The codes are in this answer only: the server keeps their keyed hashes. A batch gives subjects, or every paid subject of a section when redeemed, for `days`; `seats` > 1 makes class codes (each student once); `expiresAt` is the last day, Cameroon time, they are accepted.',
  {
    body: createCodeBatchBody,
    response: { 201: createCodeBatchResponse, ...failures(400, 401, 409, 503) },
  },
);

/** POST operator/codes/batches: a new batch, its codes in this answer only. */
export async function createBatch(request: RouteRequest<typeof createBatchSchema>, reply: FastifyReply) {
  const app = request.server;
  const body = request.body;
  const codes = new Set<string>();
  while (codes.size < body.count) codes.add(newCode());
  const batch = await insertBatch(app.db, {
    name: body.batch,
    subjectIds: body.subjects,
    section: body.section,
    days: body.days,
    seats: body.seats,
    expiresAt: body.expiresAt === undefined ? undefined : endOfDay(body.expiresAt),
    hashes: [...codes].map((code) => codeHash(app.config.codesSecret, code)),
  });
  request.log.info({ batch: batch.name, count: batch.count, seats: batch.seats }, 'access codes made');
  return reply.code(201).send({
    success: true as const,
    batch,
    codes: [...codes],
    redeemUrl: `${publicOrigin(request)}/#/redeem?code=`,
  });
}

export const listBatchesSchema = operatorSchema(
  'Every batch, newest first, with its codes counted: spent, unspent, seats left, redemptions.',
  {
    response: { 200: codeBatchesResponse, ...failures(401, 503) },
  },
);

/** GET operator/codes/batches */
export async function listCodeBatches(request: FastifyRequest) {
  return { success: true as const, batches: await listBatches(request.server.db) };
}

export const revokeBatchSchema = operatorSchema(
  'Withdraws a batch: its codes that still have seats are refused from now on (“withdrawn”). Access already given stays.',
  {
    body: revokeCodeBatchBody,
    response: { 200: revokeCodeBatchResponse, ...failures(400, 401, 404, 503) },
  },
);

/** POST operator/codes/batches/revoke */
export async function revokeCodeBatch(request: RouteRequest<typeof revokeBatchSchema>) {
  const { batch, revoked } = await revokeBatch(request.server.db, request.body.batch);
  request.log.info({ batch: batch.name, revoked }, 'access codes withdrawn');
  return { success: true as const, batch, revoked };
}
