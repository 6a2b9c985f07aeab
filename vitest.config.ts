import { defineConfig } from 'vitest/config';

// The browser-side code (machines, services, components) under jsdom; the server under plain Node, once on
// embedded PGlite ('server') and once on a real PostgreSQL server ('server-pg').
export default defineConfig({
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DB: 'pglite' },
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
          globalSetup: ['tests/server/helpers/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
