import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// How `npm run backup` reaches a running server on the embedded database, whose files only that process may
// open: a Unix socket in a folder only the server's own user can enter (mode 0700), so whoever can use it
// could read DATA_DIR anyway. It takes one request a connection, as one JSON line, and answers one.

export interface OperatorRequest {
  command: 'backup';
  /** Where to write the backup (a folder of its own is made inside it); the server's BACKUP_DIR if unset. */
  folder?: string;
}

export type OperatorAnswer = { ok: true; result: unknown } | { ok: false; error: string };

/** sun_path holds 108 bytes: a longer DATA_DIR puts the socket in a private folder of the system's tmp. */
const SOCKET_PATH_MAX = 100;

function privateFolder(path: string): string {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  const stat = lstatSync(path);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) {
    throw new Error(`${path} is not a folder of this user: the operator socket is not put there`);
  }
  chmodSync(path, 0o700);
  return path;
}

/** Where the operator socket of a data directory is (the server and the commands compute it alike). */
export function operatorSocketPath(dataDir: string): { folder: string; socket: string } {
  const folder = join(resolve(dataDir), 'run');
  const socket = join(folder, 'operator.sock');
  if (socket.length <= SOCKET_PATH_MAX) return { folder, socket };
  const id = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16);
  const shared = join(tmpdir(), `studycam-${process.getuid?.() ?? 'user'}`);
  return { folder: shared, socket: join(shared, `${id}.sock`) };
}

/** One request to the server's socket; undefined when no server listens on it. */
export function askServer(
  dataDir: string,
  request: OperatorRequest,
  timeoutMs = 30 * 60_000,
): Promise<OperatorAnswer | undefined> {
  const { socket: path } = operatorSocketPath(dataDir);
  return new Promise((resolveAnswer, reject) => {
    const socket = connect(path);
    let text = '';
    let connected = false;
    const timer = setTimeout(() => socket.destroy(new Error('the server did not answer in time')), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolveAnswer(undefined);
      else reject(error);
    });
    socket.on('end', () => {
      clearTimeout(timer);
      try {
        resolveAnswer(JSON.parse(text) as OperatorAnswer);
      } catch {
        reject(new Error(`the server answered something unreadable: ${text.slice(0, 200)}`));
      }
    });
  });
}

/** Whether a server answers on the data directory's operator socket (nothing is asked of it). */
export function serverRunning(dataDir: string): Promise<boolean> {
  const { socket: path } = operatorSocketPath(dataDir);
  return new Promise((resolveProbe) => {
    const probe = connect(path);
    probe.on('connect', () => {
      probe.destroy();
      resolveProbe(true);
    });
    probe.on('error', () => resolveProbe(false));
  });
}

function parseRequest(line: string): OperatorRequest | undefined {
  try {
    const value = JSON.parse(line) as { command?: unknown; folder?: unknown };
    if (value.command !== 'backup') return undefined;
    if (value.folder !== undefined && typeof value.folder !== 'string') return undefined;
    return { command: 'backup', ...(value.folder === undefined ? {} : { folder: value.folder }) };
  } catch {
    return undefined;
  }
}

/**
 * Listens on the data directory's operator socket. A socket that already answers means another server is
 * running on this DATA_DIR, and two processes on one embedded database corrupt it: that start is refused.
 * A socket left by a crash (nobody answers) is replaced.
 */
export async function serveOperatorSocket(
  dataDir: string,
  handle: (request: OperatorRequest) => Promise<unknown>,
): Promise<{ path: string; close(): Promise<void> }> {
  const { folder, socket: path } = operatorSocketPath(dataDir);
  privateFolder(folder);
  if (await serverRunning(dataDir)) {
    throw new Error(
      `Another StudyCam server is already running on DATA_DIR ${resolve(dataDir)} (its operator socket ${path} answers): two processes must never open the embedded database at once.`,
    );
  }
  rmSync(path, { force: true });
  const connections = new Set<Socket>();
  const server: Server = createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.setEncoding('utf8');
    let text = '';
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end < 0) {
        if (text.length > 64 * 1024) socket.destroy();
        return;
      }
      socket.removeAllListeners('data');
      const request = parseRequest(text.slice(0, end));
      const reply = (value: OperatorAnswer) => socket.end(`${JSON.stringify(value)}\n`);
      if (request === undefined) {
        reply({ ok: false, error: 'unknown request: the socket takes {"command":"backup","folder"?:…}' });
        return;
      }
      handle(request).then(
        (result) => reply({ ok: true, result }),
        (error: unknown) => reply({ ok: false, error: (error as Error).message }),
      );
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolveListen());
  });
  chmodSync(path, 0o600);
  return {
    path,
    close: () =>
      new Promise((resolveClose) => {
        for (const socket of connections) socket.destroy();
        server.close(() => {
          rmSync(path, { force: true });
          resolveClose();
        });
      }),
  };
}
