import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The browser-side code (machines, services, components) under jsdom; the server under plain Node, once on
// embedded PGlite ('server') and once on a real PostgreSQL server ('server-pg'), each with a throwaway
// redis-server for the limits shared through REDIS_URL.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's two cores that ran app, server and
    // server-pg one file at a time, the second core left to the main process. Two at least; e2e keeps its own.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'app',
          environment: 'jsdom',
          include: [
            'tests/machines/**/*.test.ts',
            'tests/ui/**/*.test.{ts,tsx}',
            'tests/scripts/**/*.test.ts',
          ],
          setupFiles: ['tests/ui/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // *.pg.test.ts need several processes on one PostgreSQL server: only server-pg runs them.
          exclude: ['tests/server/**/*.pg.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DB: 'pglite' },
          globalSetup: [
            'tests/server/helpers/pglite-template-global-setup.ts',
            'tests/server/helpers/redis-global-setup.ts',
          ],
        },
      },
      {
        // The same server suite against a real PostgreSQL server (TEST_DATABASE_URL, or a throwaway cluster).
        test: {
          name: 'server-pg',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DB: 'postgres' },
          globalSetup: [
            'tests/server/helpers/postgres-global-setup.ts',
            'tests/server/helpers/redis-global-setup.ts',
          ],
        },
      },
      {
        // The student's journeys in Debian's Chromium against the real server (tests/e2e/README.md). They run
        // after the other projects, two files at a time, so a busy machine does not starve the browser.
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/harness/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
