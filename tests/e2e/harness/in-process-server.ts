import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { Db } from '../../../server/lib/db';
import { e2eServerEnv, freePort } from './server-env';

export interface InProcessServer {
  baseUrl: string;
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
  close(): Promise<void>;
}

/**
 * The same server (buildApp, the same configuration as the shared one) running inside this test file's
 * worker, so the journey can reach into its database. It serves the app built by the global setup.
 */
export async function startInProcessServer(): Promise<InProcessServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'study-app-e2e-data-'));
  const port = await freePort();
  const config = loadConfig(e2eServerEnv({ port, dataDir, staticDir: inject('e2eStaticDir') }));
  const app = await buildApp(config);
  try {
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: app.db,
    invalidateCachedLists: () => app.responseCache.invalidate(),
    jwtSecret: config.jwtSecret,
    operatorToken: config.operatorToken,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
