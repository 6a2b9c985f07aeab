import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { type Db, openPglite } from '../../../server/lib/db';
import { seedIfEmpty } from '../../../server/seed/seed';
import { e2eServerEnv, freePort } from './server-env';

export interface InProcessServer {
  baseUrl: string;
  /** The build it serves: the run's, or its own copy when asked for one. */
  staticDir: string;
  /**
   * The server's own database, for journeys that need a state no student action can reach quickly (an
   * access that expired). The production entry point never exposes it: this hook exists only here.
   */
  db: Db;
  /**
   * Drops the server's prepared public lists (products, subjects…) after a journey changed their rows in the
   * database directly, as every write through the API does by itself.
   */
  invalidateCachedLists(): void;
  /** The key its tokens are signed with, for a journey that needs a token the server would never issue now. */
  jwtSecret: string;
  /** The operator token (issue 20), for a journey that makes access codes as `npm run codes` does. */
  operatorToken: string;
  /** Stops it and removes its files; a second call does nothing (a journey may stop it before the end). */
  close(): Promise<void>;
}

let seededDump: Blob | undefined;
/** The global setup's seeded database, read once per test file. */
function seededDatabase(): Blob {
  seededDump ??= new Blob([readFileSync(inject('e2eSeededDatabase'))]);
  return seededDump;
}

/** How long requests in flight may finish when a journey stops its server. */
const CLOSE_GRACE_MS = 2_000;

/**
 * The same server (buildApp, the same configuration as the shared one) running inside this test file's
 * worker, so the journey can reach into its database. It serves the app built by the global setup, or with
 * `ownBuildCopy` a copy of it, for a journey that deploys a changed build into it (a new service worker).
 */
export async function startInProcessServer(
  options: { ownBuildCopy?: boolean } = {},
): Promise<InProcessServer> {
  const work = mkdtempSync(join(tmpdir(), 'study-app-e2e-server-'));
  const dataDir = join(work, 'data');
  let staticDir = inject('e2eStaticDir');
  if (options.ownBuildCopy) {
    staticDir = join(work, 'app');
    cpSync(inject('e2eStaticDir'), staticDir, { recursive: true });
  }
  const removeFiles = () => rmSync(work, { recursive: true, force: true });
  const port = await freePort();
  const config = loadConfig(e2eServerEnv({ port, dataDir, staticDir }));
  // Where server/main.ts keeps it (DATA_DIR/pglite), from the run's seeded copy: buildApp's migrate() and
  // seedIfEmpty() find their work done. An injected database is closed by whoever opened it: here, close().
  const db = await openPglite(join(dataDir, 'pglite'), seededDatabase());
  const app = await buildApp(config, { seedIfEmpty, db }).catch(async (error: unknown) => {
    await db.close();
    removeFiles();
    throw error;
  });
  const stop = async () => {
    try {
      await app.close();
    } finally {
      await db.close();
    }
  };
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await stop();
    removeFiles();
    throw error;
  }
  let closed = false;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    staticDir,
    db: app.db,
    invalidateCachedLists: () => app.responseCache.invalidate(),
    jwtSecret: config.jwtSecret,
    operatorToken: config.operatorToken,
    async close() {
      if (closed) return;
      closed = true;
      // Fastify's close waits for requests in flight; a phone's open request (a stream, a read the page keeps
      // open) would then hold the journey for as long as the phone keeps it. A server that goes away drops
      // them, so after a moment's grace the connections are cut as a stopped server's would be.
      const cut = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      try {
        await stop();
      } finally {
        clearTimeout(cut);
      }
      removeFiles();
    },
  };
}
