import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { dumpDatabase } from '../../server/helpers/pglite-template-global-setup';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { e2eServerEnv, freePort, waitForHealth } from './server-env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production server (server/main.ts) started for the whole run, serving the freshly built app. */
    e2eBaseUrl: string;
    /** One headless Chromium for the run; each test file connects and opens its own contexts. */
    e2eBrowserWsEndpoint: string;
    /** The app built for this run: in-process servers of single test files serve it too. */
    e2eStaticDir: string;
    /**
     * A migrated and seeded PGlite database, dumped once: each in-process server starts on a copy of it
     * instead of running initdb, the migrations and the seed again (harness/in-process-server.ts).
     */
    e2eSeededDatabase: string;
  }
}

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const run = promisify(execFile);

/**
 * The 'e2e' project's global setup: builds the app once, starts the real server on a free port with a
 * fresh data directory, and launches Debian's Chromium. A missing browser is a failure, never a skip.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install chromium`);
  }
  const work = mkdtempSync(join(tmpdir(), 'study-app-e2e-'));
  const staticDir = join(work, 'app');
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);

  let server: ChildProcess | undefined;
  let browser: BrowserServer | undefined;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    await stopProcess(server);
    rmSync(work, { recursive: true, force: true });
  };

  try {
    const [seededDatabase] = await Promise.all([
      dumpDatabase(work, 'seeded-database', true),
      run(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--outDir', staticDir, '--emptyOutDir'], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production' },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { stderr?: string; stdout?: string }) => {
        throw new Error(`vite build failed:\n${error.stderr ?? ''}${error.stdout ?? ''}`);
      }),
    ]);

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const output: string[] = [];
    // The production entry point, exactly as a newcomer starts it (npm run serve), only configured for tests.
    server = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...e2eServerEnv({ port, dataDir, staticDir }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.length > 200) output.shift();
    };
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    await waitForHealth(baseUrl, 60_000, () => `Server output:\n${output.join('')}`);

    browser = await chromium.launchServer({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
      headless: true,
    });

    project.provide('e2eBaseUrl', baseUrl);
    project.provide('e2eBrowserWsEndpoint', browser.wsEndpoint());
    project.provide('e2eStaticDir', staticDir);
    project.provide('e2eSeededDatabase', seededDatabase);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return cleanUp;
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
