import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitForHealth } from '../../e2e/harness/server-env';
import { TEST_JWT_SECRET } from './app';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/**
 * The production entry point (server/main.ts) as its own process, for what only a process shows: a kill in
 * the middle of a payment, a graceful stop, several servers on one database.
 */
export interface ServerProcess {
  baseUrl: string;
  /** What the process printed, for failure messages. */
  output(): string;
  /** fetch against this server, JSON in and out. */
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string },
  ): Promise<{ status: number; body: T }>;
  /** Sends the signal and resolves with the exit code (null when killed by the signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface ServerProcessOptions {
  /** Environment on top of the test defaults (a shared DATABASE_URL, timings). */
  env?: Record<string, string>;
  /** Reuse a data directory (PGlite's files, the outbox) from a previous process. */
  dataDir?: string;
  port?: number;
}

export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'study-app-process-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  const child: ChildProcess = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-dist'),
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_REGISTER_MAX: '1000',
      RATE_LIMIT_PAYMENT_MAX: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString());
    if (lines.length > 200) lines.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const output = () => lines.join('');
  try {
    await waitForHealth(baseUrl, 60_000, output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    output,
    async call(method, path, callOptions = {}) {
      const response = await fetch(`${baseUrl}${path}`, {
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
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
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
