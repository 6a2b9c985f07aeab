import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTables } from '../../server/backup/catalogue';
import type { BackupResult } from '../../server/backup/make-backup';
import { BackupRefused, readManifest, writeManifest } from '../../server/backup/manifest';
import { restoreBackup } from '../../server/backup/restore';
import { sandboxCredentialStore } from '../../server/modules/payments/credential-queries';
import { MomoProvider } from '../../server/modules/payments/momo-provider';
import { createReconciler } from '../../server/modules/payments/reconciler';
import { createTestApp, emptyDatabase, type TestApp, type TestStudent } from './helpers/app';
import { paymentCalls, pricedSubjects } from './helpers/payment-calls';
import { selfFetch } from './helpers/self-fetch';
import { leaveActivity } from './helpers/student-activity';
import { tableContents } from './helpers/table-contents';

/**
 * Issue 22: a backup of the whole product taken while it serves (registrations and a payment in flight), then
 * restored into a fresh database and DATA_DIR: every row and file is back, sessions stay as they were (a
 * logged-out token stays dead, a live one lives, a deleted account stays deleted), and a payment that was
 * pending when the backup was taken is settled by the reconciler of the restored server, once. A damaged
 * backup, or one from a newer version, is refused with nothing written.
 */

// The sandbox's slow payer: PENDING for DELAYED_MS, then SUCCESSFUL.
const DELAYED_PAYER = '23746733123454';
const DELAYED_MS = 3_000;
const LESSON_FILE = join('media', 'videos', 'imported-lesson-saver.mp4');

let source: TestApp;
const folders: string[] = [];
function folder(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  folders.push(path);
  return path;
}

beforeAll(async () => {
  source = await createTestApp({
    fetch: selfFetch(() => source.app),
    env: { MOMO_SANDBOX_DELAYED_SUCCESS_MS: String(DELAYED_MS), PAYMENT_RECONCILE_INTERVAL_MS: '0' },
  });
});
afterAll(async () => {
  await source?.close();
  for (const path of folders) rmSync(path, { recursive: true, force: true });
});

/** A fresh, empty database and DATA_DIR with `backup` restored into them, and an app started on them. */
async function restoredApp(backup: string): Promise<TestApp> {
  const database = await emptyDatabase();
  const dataDir = folder('study-app-restored-');
  await restoreBackup({ folder: backup, db: database.db, dataDir });
  let app: TestApp | undefined;
  app = await createTestApp({
    database,
    dataDir,
    fetch: selfFetch(() => (app as TestApp).app),
    env: { MOMO_SANDBOX_DELAYED_SUCCESS_MS: String(DELAYED_MS), PAYMENT_RECONCILE_INTERVAL_MS: '0' },
  });
  return app;
}

/** One pass of a reconciler like the restored server's own, run when the test says (its own is off). */
function reconcileOnce(t: TestApp) {
  const context = {
    db: t.db,
    provider: new MomoProvider({
      config: t.config.momo,
      fetch: selfFetch(() => t.app),
      credentialStore: sandboxCredentialStore(t.db),
    }),
    accessPeriodDays: t.config.accessPeriodDays,
    log: t.app.log,
    notFound: { graceMs: t.config.payments.notFoundGraceMs, minReads: t.config.payments.notFoundMinReads },
    countStatus: () => {},
  };
  return createReconciler(context, { intervalMs: 0, firstCheckAfterMs: 0, startMayTakeMs: 0 }).runOnce();
}

async function status(t: TestApp, student: Pick<TestStudent, 'headers'>): Promise<number> {
  return (await t.request({ method: 'GET', url: '/users/profile', headers: student.headers })).status;
}

describe('backup and restore', () => {
  let underLoad: BackupResult;
  let early: TestStudent;
  let loggedOut: TestStudent;
  let deleted: TestStudent;
  let waiting: TestStudent;
  let waitingReference: string;
  let waitingSince: number;
  let registeredDuring: TestStudent[];

  it('takes a backup while students register and pay', { timeout: 120_000 }, async () => {
    early = await source.registerAndLogin();
    await leaveActivity(source, early, {
      payer: '237670000401',
      town: 'Bamenda',
      comment: 'Backed up comment',
      pushToken: 'push-before-backup',
    });
    loggedOut = await source.registerAndLogin();
    expect(
      (
        await source.request({
          method: 'POST',
          url: '/users/student/logout',
          headers: loggedOut.headers,
          payload: {},
        })
      ).status,
    ).toBe(200);
    deleted = await source.registerAndLogin();
    expect(
      (
        await source.request({
          method: 'POST',
          url: '/users/student/delete_account',
          headers: deleted.headers,
          payload: { password: deleted.password },
        })
      ).status,
    ).toBe(200);
    mkdirSync(join(source.config.dataDir, 'media', 'videos'), { recursive: true });
    writeFileSync(join(source.config.dataDir, LESSON_FILE), randomBytes(200_000));

    // Pending when the backup starts: the slow payer approves only after DELAYED_MS.
    waiting = await source.registerAndLogin();
    const [subject] = await pricedSubjects(source, 1);
    if (subject === undefined) throw new Error('no priced subject');
    waitingSince = Date.now();
    waitingReference = await paymentCalls(source).startPayment(
      waiting,
      [{ subject, amount: 1 }],
      DELAYED_PAYER,
    );

    const backups = folder('study-app-backups-');
    const registrations = Promise.all(Array.from({ length: 6 }, () => source.registerAndLogin()));
    const another = source
      .registerAndLogin()
      .then((student) => paymentCalls(source).startPayment(student, [{ subject, amount: 1 }], DELAYED_PAYER));
    const [result, during] = await Promise.all([source.app.backups.run(backups), registrations, another]);
    underLoad = result;
    registeredDuring = during;
    expect(readdirSync(backups)).toEqual([result.path.split('/').at(-1)]);
    const manifest = readManifest(result.path);
    expect(manifest.database).toBe(source.db.kind);
    expect(manifest.schema.migrations).toEqual(
      (await source.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map(
        (row) => row.name,
      ),
    );
    expect(manifest.files.map((file) => file.path)).toEqual(
      expect.arrayContaining([LESSON_FILE, expect.stringMatching(/^uploads\//)]),
    );
    // BACKUP_DIR is inside this test app's DATA_DIR: a backup never copies backups.
    expect(manifest.files.some((file) => file.path.startsWith('backups/'))).toBe(false);
  });

  let restored: TestApp;
  afterAll(async () => {
    await restored?.close();
  });

  it('restores it into a fresh database: whole registrations, sessions and files as they were', {
    timeout: 120_000,
  }, async () => {
    restored = await restoredApp(underLoad.path);
    const ids = async (t: TestApp) =>
      new Set((await t.db.query<{ id: string }>('SELECT id FROM students')).map((row) => row.id));
    const before = await ids(restored);
    const now = await ids(source);
    // The snapshot is one instant: students registered before it are all there, none it invented.
    for (const student of [early, loggedOut, deleted, waiting]) expect(before.has(student.id)).toBe(true);
    for (const id of before) expect(now.has(id)).toBe(true);
    const present = registeredDuring.filter((student) => before.has(student.id));
    for (const student of present) expect(await status(restored, student)).toBe(200);

    // Every restored row of a table nobody wrote to since is the source's row, byte for byte.
    const [was, is] = [await tableContents(restored.db), await tableContents(source.db)];
    for (const table of [
      'planner_documents',
      'comments',
      'comment_likes',
      'orders',
      'products',
      'subjects',
    ]) {
      expect(was[table], table).toEqual(is[table]);
    }
    expect(await status(restored, early)).toBe(200);
    expect(await status(restored, loggedOut)).toBe(401);
    expect(await status(restored, deleted)).toBe(401);
    await expect(restored.login(deleted.username, deleted.password)).rejects.toThrow(/401/);
    expect(readFileSync(join(restored.config.dataDir, LESSON_FILE))).toEqual(
      readFileSync(join(source.config.dataDir, LESSON_FILE)),
    );
    const profile = await restored.request<{ user: { profilePicture: string } }>({
      method: 'GET',
      url: '/users/profile',
      headers: early.headers,
    });
    const picture = await restored.request({
      method: 'GET',
      url: new URL(profile.body.user.profilePicture, 'http://x').pathname,
    });
    expect(picture.status).toBe(200);
  });

  it('restores the backup taken under load row for row, in every table', { timeout: 120_000 }, async () => {
    // Restored alone (no server started on it): what the restore wrote is exactly what the snapshot read.
    const database = await emptyDatabase();
    try {
      await restoreBackup({
        folder: underLoad.path,
        db: database.db,
        dataDir: folder('study-app-restored-'),
      });
      const is = await tableContents(database.db);
      expect(Object.keys(is).sort()).toEqual(underLoad.manifest.tables.map((table) => table.name).sort());
      for (const table of underLoad.manifest.tables) {
        const lines = gunzipSync(readFileSync(join(underLoad.path, 'tables', `${table.name}.jsonl.gz`)))
          .toString('utf8')
          .split('\n')
          .filter((line) => line !== '')
          .sort();
        expect(lines, table.name).toHaveLength(table.rows);
        expect(is[table.name], table.name).toEqual(lines);
      }
      // The payment still pending when the backup began is in it, still pending.
      const pending = is.payments?.find((line) => line.includes(waitingReference));
      expect(pending && JSON.parse(pending)).toMatchObject({ status: 'PENDING', granted_at: null });
    } finally {
      await database.db.close();
      await database.drop();
    }
  });

  it('settles the payment that was pending at backup time on the restored server, once', {
    timeout: 60_000,
  }, async () => {
    const read = async () => {
      const [row] = await restored.db.query<{ status: string; granted_at: Date | null }>(
        'SELECT status, granted_at FROM payments WHERE reference_id = $1',
        [waitingReference],
      );
      return row;
    };
    expect(await read()).toEqual({ status: 'PENDING', granted_at: null });
    // The payer approves DELAYED_MS after the start. A reconciler pass before that reads PENDING and, as a
    // real one, waits its retry delay (longer than this test) before the next: so the first pass comes after.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, waitingSince + DELAYED_MS + 500 - Date.now())),
    );
    const deadline = Date.now() + 30_000;
    while ((await read())?.granted_at === null) {
      if (Date.now() > deadline) throw new Error('the restored reconciler never settled the payment');
      await reconcileOnce(restored);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const granted = new Date((await read())?.granted_at as Date).getTime();
    const expiry = async () =>
      (
        await restored.db.query<{ expires_at: Date }>(
          'SELECT expires_at FROM subject_access WHERE student_id = $1',
          [waiting.id],
        )
      ).map((row) => new Date(row.expires_at).getTime());
    const [once] = await expiry();
    const periodMs = restored.config.accessPeriodDays * 24 * 3600_000;
    expect(Math.abs((once ?? 0) - (granted + periodMs))).toBeLessThan(60_000);
    // The student's own status read and another reconciler pass find it settled: nothing is added.
    const answer = await restored.request<{ status: string }>({
      method: 'GET',
      url: `/payments/momo/requesttopay/${waitingReference}`,
      headers: waiting.headers,
    });
    expect(answer.body.status).toBe('SUCCESSFUL');
    await reconcileOnce(restored);
    expect(await expiry()).toEqual([once]);
  });

  it('restores a backup of the quiet product row for row, in every table', { timeout: 120_000 }, async () => {
    const quiet = await source.app.backups.run(folder('study-app-backups-'));
    const copy = await restoredApp(quiet.path);
    try {
      const [was, is] = [await tableContents(source.db), await tableContents(copy.db)];
      expect(Object.keys(is).sort()).toEqual(Object.keys(was).sort());
      for (const table of Object.keys(was)) expect(is[table], table).toEqual(was[table]);
      const rows = quiet.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      expect(rows).toBe(Object.values(was).reduce((sum, lines) => sum + lines.length, 0));
    } finally {
      await copy.close();
    }
  });
});

describe('a backup that must not be restored', () => {
  let good: string;
  let target: Awaited<ReturnType<typeof emptyDatabase>>;
  beforeAll(async () => {
    good = (await source.app.backups.run(folder('study-app-backups-'))).path;
    target = await emptyDatabase();
  }, 120_000);
  afterAll(async () => {
    await target?.db.close();
    await target?.drop();
  });

  /** A copy of the good backup, spoilt by `spoil`, refused with `message`; the target is left empty. */
  async function refused(spoil: (copy: string) => void, message: RegExp) {
    const copy = join(folder('study-app-spoilt-'), 'backup');
    cpSync(good, copy, { recursive: true });
    spoil(copy);
    const dataDir = folder('study-app-target-');
    const attempt = restoreBackup({ folder: copy, db: target.db, dataDir });
    await expect(attempt).rejects.toBeInstanceOf(BackupRefused);
    await expect(attempt).rejects.toThrow(message);
    expect(await listTables(target.db)).toEqual([]);
    expect(readdirSync(dataDir)).toEqual([]);
  }

  it('refuses a damaged table file, naming it', async () => {
    await refused((copy) => {
      const manifest = readManifest(copy);
      const table = manifest.tables.find((entry) => entry.name === 'payments');
      if (table === undefined) throw new Error('no payments table in the backup');
      const path = join(copy, table.file);
      const bytes = readFileSync(path);
      const middle = Math.floor(bytes.length / 2);
      bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
      writeFileSync(path, bytes);
    }, /damaged: tables\/payments\.jsonl\.gz does not match its checksum/);
  });

  it('refuses a missing file and a damaged manifest', async () => {
    await refused((copy) => {
      const manifest = readManifest(copy);
      const file = manifest.files[0];
      if (file === undefined) throw new Error('no file in the backup');
      rmSync(join(copy, 'files', file.path));
    }, /damaged: files\/.* is missing/);
    await refused((copy) => {
      const path = join(copy, 'manifest.json');
      writeFileSync(
        path,
        readFileSync(path, 'utf8').replace(/"rows": (\d+)/, (_all, n) => `"rows": ${Number(n) + 1}`),
      );
    }, /manifest\.json does not match its own checksum/);
    await refused((copy) => rmSync(join(copy, 'manifest.json')), /not a complete backup/);
  });

  it('refuses a backup made by a newer version, naming the migration it does not know', async () => {
    await refused((copy) => {
      const { manifestSha256: _seal, ...manifest } = readManifest(copy);
      writeManifest(copy, {
        ...manifest,
        schema: {
          version: '999_from_the_future.sql',
          migrations: [...manifest.schema.migrations, '999_from_the_future.sql'],
        },
      });
    }, /newer StudyCam: its database has migration 999_from_the_future\.sql/);
  });

  it('refuses a database that is not empty', async () => {
    const attempt = restoreBackup({ folder: good, db: source.db, dataDir: folder('study-app-target-') });
    await expect(attempt).rejects.toThrow(/database is not empty/);
  });
});
