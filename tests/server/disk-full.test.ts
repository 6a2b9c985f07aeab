import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, testBackend } from './helpers/app';
import { logLines, registerOn, type ServerProcess, startServerProcess } from './helpers/server-process';

/**
 * Issue 22, disk trouble, on a real small file system: the server runs in a mount namespace of its own
 * (unshare: as root, or as any user where unprivileged user namespaces are allowed, as on Debian) with DATA_DIR
 * a 128 MB tmpfs. The test fills it through /proc/<pid>/root, and the wrapper shell makes it read-only on
 * SIGUSR1 and writable again on SIGUSR2 (what the kernel does to a failing disk). Expected: a 503 with a clear
 * log line, nothing half-written, reads still served, and writes accepted again as soon as space returns.
 * An injected ENOSPC would not show what PGlite does on a full disk (it hangs on a write-ahead log segment it
 * cannot create), which is why the server keeps DISK_MIN_FREE_MB free on the embedded database.
 */

const postgres = testBackend() === 'postgres';
const MB = 1024 * 1024;

// The server's wrapper: mounts the tmpfs, runs the server, passes SIGTERM on. SIGUSR1 lays a read-only view
// of DATA_DIR over it (a remount would be refused while the database's files are open for writing: every new
// file or write through DATA_DIR's path then fails, as on a disk the kernel made read-only), SIGUSR2 lifts it.
const WRAPPER = `
mount -t tmpfs -o size=128m tmpfs "$DATA_DIR" || exit 97
trap 'mount --bind "$DATA_DIR" "$DATA_DIR" && mount -o remount,bind,ro "$DATA_DIR"' USR1
trap 'umount "$DATA_DIR"' USR2
trap 'kill -TERM "$child" 2>/dev/null' TERM INT
"$@" &
child=$!
while :; do
  wait "$child"; status=$?
  kill -0 "$child" 2>/dev/null || break
done
exit "$status"
`;

let server: ServerProcess;
let dataDir: string;
let dropDatabase: (() => Promise<void>) | undefined;
/** DATA_DIR as the server sees it (its tmpfs), from outside its mount namespace. */
let inside: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'study-app-disk-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DISK_MIN_FREE_MB: '1',
    PAYMENT_RECONCILE_INTERVAL_MS: '0',
  };
  if (postgres) {
    const database = await freshPostgresDatabase();
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  const asRoot = process.getuid?.() === 0;
  server = await startServerProcess(env, {
    dataDir,
    wrap: [
      'unshare',
      ...(asRoot ? [] : ['--map-root-user']),
      '--mount',
      '--propagation',
      'private',
      'sh',
      '-c',
      WRAPPER,
      'sh',
    ],
  });
  inside = `/proc/${server.pid}/root${dataDir}`;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const freeBytes = () => {
  const stats = statfsSync(inside);
  return stats.bavail * stats.bsize;
};
/** The server looks at DATA_DIR's space at most once a second: a change is seen after that. */
const seen = () => new Promise((resolve) => setTimeout(resolve, 1_100));

/** Fills DATA_DIR's file system until `leave` bytes are free. */
async function fill(name: string, leave: number) {
  writeFileSync(join(inside, name), Buffer.alloc(Math.max(0, Math.floor(freeBytes() - leave))));
  await seen();
}

/** A log line of the server whose msg matches (pino writes it a moment after the answer may have gone). */
async function logged(pattern: RegExp): Promise<boolean> {
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; ) {
    if (logLines(server).some((line) => pattern.test(String(line.msg)))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function student(name: string) {
  const digits = String(Date.now()).slice(-9);
  return {
    firstname: 'Amina',
    lastname: 'Nkeng',
    username: `${name}_${digits}`,
    email: `${name}.${digits}@example.cm`,
    phonenumber: `237${digits}`,
    password: 'correct-horse-battery',
  };
}

/** A JPEG (by its first bytes, which is all the server checks) of about `bytes`. */
function picture(bytes: number): FormData {
  const body = Buffer.alloc(Math.floor(bytes), 7);
  body.set([0xff, 0xd8, 0xff, 0xe0], 0);
  const form = new FormData();
  form.append('picture', new Blob([body], { type: 'image/jpeg' }), 'me.jpg');
  return form;
}

async function upload(token: string, bytes: number) {
  const response = await fetch(`${server.url}/users/profilepicture/update`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' },
    body: picture(bytes),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

const uploads = () => {
  try {
    return readdirSync(join(inside, 'uploads'));
  } catch {
    return [];
  }
};

describe('a full or read-only DATA_DIR', () => {
  let amina: { token: string };

  it('runs on its own small file system', async () => {
    expect(statfsSync(inside).blocks * statfsSync(inside).bsize).toBe(128 * MB);
    amina = await registerOn(server, 'disk');
  });

  it('answers 503 to a write that finds the disk full, and keeps no half file', {
    timeout: 60_000,
  }, async () => {
    const before = uploads();
    // More than DISK_MIN_FREE_MB is free, but less than the picture: the write itself runs out of space.
    await fill('filler-a', 1.5 * MB);
    const full = await upload(amina.token, 1.9 * MB);
    expect(full.status).toBe(503);
    expect(full.retryAfter).toBe('60');
    expect(full.body.msg).toBe(
      "StudyCam ne peut rien enregistrer pour le moment : l'espace de stockage du serveur est plein ou indisponible. Rien n'a été modifié ; veuillez réessayer plus tard.",
    );
    expect(uploads()).toEqual(before);
    expect(await logged(/^storage full or not writable: the write was refused \(503\)$/)).toBe(true);
    // Reads are served meanwhile.
    expect((await server.call('GET', '/users/profile', { token: amina.token })).status).toBe(200);
  });

  it(postgres
    ? 'keeps taking the writes PostgreSQL makes on its own disk, and recovers when space returns'
    : 'refuses every write on the embedded database below DISK_MIN_FREE_MB, and recovers when space returns', {
    timeout: 60_000,
  }, async () => {
    await fill('filler-b', 0.5 * MB);
    const newcomer = student('newcomer');
    const attempt = await server.call<{ msg: string }>('POST', '/users/register', { body: newcomer });
    expect(attempt.status).toBe(postgres ? 201 : 503);
    const health = await server.call<{ storage: boolean }>('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body.storage).toBe(false);
    expect(await logged(/^storage full: DATA_DIR has 0 MB free/)).toBe(true);
    expect((await server.call('GET', '/users/profile', { token: amina.token })).status).toBe(200);

    rmSync(join(inside, 'filler-a'));
    rmSync(join(inside, 'filler-b'));
    await seen();
    // Nothing of a refused registration was kept: the same account registers now.
    if (!postgres)
      expect((await server.call('POST', '/users/register', { body: newcomer })).status).toBe(201);
    expect((await upload(amina.token, 1.9 * MB)).status).toBe(200);
    expect((await server.call<{ storage: boolean }>('GET', '/health')).body.storage).toBe(true);
    expect(await logged(/^storage available again: writes are accepted$/)).toBe(true);
  });

  it('answers 503 while DATA_DIR is read-only, and recovers when it is writable again', {
    timeout: 60_000,
  }, async () => {
    process.kill(server.pid, 'SIGUSR1');
    await seen();
    const refused = await upload(amina.token, 100_000);
    expect(refused.status).toBe(503);
    if (!postgres) {
      expect((await server.call('POST', '/users/register', { body: student('readonly') })).status).toBe(503);
      expect(await logged(/^storage unwritable: DATA_DIR cannot be written to/)).toBe(true);
    }
    expect((await server.call('GET', '/users/profile', { token: amina.token })).status).toBe(200);
    process.kill(server.pid, 'SIGUSR2');
    await seen();
    expect((await upload(amina.token, 100_000)).status).toBe(200);
    expect((await server.call('POST', '/users/register', { body: student('writable') })).status).toBe(201);
  });
});
