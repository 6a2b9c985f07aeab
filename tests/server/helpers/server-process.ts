import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHEAP_PASSWORD_HASHING, TEST_JWT_SECRET } from './app';

/**
 * The real server as a student's phone meets it: `tsx server/main.ts` in a child process on a free loopback
 * port, for what inject() cannot show (signals, several processes, a database going away under a pool).
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  /** The child's process id (the wrapper's, when `wrap` was given). */
  pid: number;
  /** Every line the process printed (pino JSON on stdout, anything on stderr). */
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** A JSON call to this server, with a student's token when given. */
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string },
  ): Promise<{ status: number; body: T }>;
}

export async function startServerProcess(
  env: Record<string, string> = {},
  options: {
    /** A data directory to keep (PGlite's files, for a restart on the same database); removed by the caller. */
    dataDir?: string;
    /** A command the server is started through, which ends by running its arguments (e.g. `unshare … sh -c`). */
    wrap?: string[];
  } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'study-app-process-'));
  const output: string[] = [];
  // Node itself with tsx's loader, not the tsx command: the command runs the server in a child process of
  // its own, which a SIGKILL of the command (a crash mid-payment, in the restart tests) would leave running.
  const node = [process.execPath, '--import', 'tsx', 'server/main.ts'];
  const [program, ...args] = [...(options.wrap ?? []), ...node] as [string, ...string[]];
  const child: ChildProcess = spawn(program, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-dist'),
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'info',
      MOMO_SANDBOX_PENDING_MS: '0',
      ...CHEAP_PASSWORD_HASHING,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim() !== '') output.push(line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!running) throw new Error(`the server process exited before answering:\n${output.join('\n')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server process did not answer /health within 90 s:\n${output.join('\n')}`);
    }
    const healthy = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.status === 200)
      .catch(() => false);
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    pid: child.pid as number,
    output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (running) child.kill(signal);
      return exited;
    },
    async call(method, path, callOptions = {}) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: {
          ...(callOptions.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(callOptions.token ? { authorization: `Bearer ${callOptions.token}` } : {}),
        },
        ...(callOptions.body === undefined ? {} : { body: JSON.stringify(callOptions.body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as never };
    },
  };
}

/**
 * A call as it arrives through the reverse proxy (the server trusting it: TRUST_PROXY), from the client
 * address `client`: the body as text, `json()` to parse it.
 */
export async function callThroughProxy(
  server: ServerProcess,
  method: string,
  path: string,
  options: { client: string; body?: unknown; token?: string; headers?: Record<string, string> },
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'x-forwarded-for': options.client,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

/** Registers a student on a running server and logs in: their id and token. */
export async function registerOn(
  server: ServerProcess,
  name: string,
): Promise<{ id: string; username: string; token: string }> {
  const digits = String(Date.now()).slice(-9);
  const student = {
    firstname: 'Amina',
    lastname: 'Nkeng',
    username: `${name}_${digits}`,
    email: `${name}.${digits}@example.cm`,
    phonenumber: `237${digits}`,
    password: 'correct-horse-battery',
  };
  const registered = await server.call('POST', '/users/register', { body: student });
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await server.call<{ token: string; user: { id: string } }>(
    'POST',
    '/users/authenticate/student',
    {
      body: { username: student.username, password: student.password },
    },
  );
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  return { id: login.body.user.id, username: student.username, token: login.body.token };
}

/** Log lines of a process parsed as JSON (others left out). */
export function logLines(server: ServerProcess): Array<Record<string, unknown>> {
  return server.output.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}
