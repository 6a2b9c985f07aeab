import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './helpers/app';
import { registerOn, type ServerProcess, startServerProcess } from './helpers/server-process';

/**
 * The server process stopped in the middle of a payment, killed or gracefully, then started again on the
 * same database (PGlite's files, or PostgreSQL): the payment the payer approved meanwhile is settled and
 * granted once; none is turned into a failure. The built-in MoMo emulator is part of the process, so it
 * restarts too: its state lives in the database.
 */

const DAY_MS = 24 * 3600 * 1000;
// Long enough to kill the server while the payer has not approved yet.
const PENDING_MS = 4_000;

let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'study-app-restart-'));
  env = { MOMO_SANDBOX_PENDING_MS: String(PENDING_MS) };
  if (process.env.TEST_DB === 'postgres') {
    database = await freshDatabase();
    env.DATABASE_URL = database.url ?? '';
    // The server applies the migrations itself; this handle is only for dropping the database afterwards.
    await database.db.close();
  }
});

afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function payAndStop(signal: NodeJS.Signals) {
  let server: ServerProcess = await startServerProcess(env, { dataDir });
  try {
    const student = await registerOn(server, signal === 'SIGKILL' ? 'killed' : 'stopped');
    const subjects = await server.call<{ _id: string; subjectTitle: string; price: number }[]>(
      'GET',
      '/subjects/subject/fetch-all',
    );
    const subject = subjects.body.find((candidate) => candidate.price > 0);
    if (!subject) throw new Error('no priced subject seeded');
    const started = await server.call<{ referenceId: string }>('POST', '/payments/momo/requesttopay', {
      token: student.token,
      body: {
        amount: String(subject.price),
        currency: 'XAF',
        externalId: `ORDER_${student.id}_${Date.now()}`,
        payer: { partyIdType: 'MSISDN', partyId: '237670000501' },
        payerMessage: 'Subjects',
        payeeNote: subject.subjectTitle,
        items: [{ subjectId: subject._id, amount: 1 }],
      },
    });
    expect(started.status).toBe(202);
    const { referenceId } = started.body;
    expect(
      (await server.call('GET', `/payments/momo/requesttopay/${referenceId}`, { token: student.token })).body,
    ).toMatchObject({ status: 'PENDING' });

    const exit = await server.stop(signal);
    if (signal === 'SIGTERM') expect(exit.code, server.output.join('\n')).toBe(0);
    // The payer approves while the server is down.
    await new Promise((resolve) => setTimeout(resolve, PENDING_MS));

    server = await startServerProcess(env, { dataDir });
    const status = await server.call('GET', `/payments/momo/requesttopay/${referenceId}`, {
      token: student.token,
    });
    expect(status.body, server.output.join('\n')).toEqual({ success: true, status: 'SUCCESSFUL' });
    const checkout = {
      id: student.id,
      username: student.username,
      role: 'STUDENT',
      paidSubjects: [subject.subjectTitle],
      totalCost: subject.price,
      referenceId,
    };
    const first = await server.call<{ user: { paidSubjects: { expiresAt: string }[] } }>(
      'PUT',
      '/transactions/subjects/makepayments',
      { token: student.token, body: checkout },
    );
    expect(first.status).toBe(200);
    const again = await server.call<{ user: { paidSubjects: { expiresAt: string }[] } }>(
      'PUT',
      '/transactions/subjects/makepayments',
      { token: student.token, body: checkout },
    );
    expect(again.body.user.paidSubjects).toEqual(first.body.user.paidSubjects);
    const expiresAt = new Date(first.body.user.paidSubjects[0]?.expiresAt ?? 0).getTime();
    expect((expiresAt - Date.now()) / DAY_MS).toBeCloseTo(365, 0);
  } finally {
    await server.stop('SIGTERM');
  }
}

describe('a server stopped in the middle of a payment', () => {
  it('killed (SIGKILL): the payment approved meanwhile is settled after the restart, once', async () => {
    await payAndStop('SIGKILL');
  }, 120_000);

  it('stopped gracefully (SIGTERM): exits 0, and the payment is settled after the restart, once', async () => {
    await payAndStop('SIGTERM');
  }, 120_000);
});
