import { defineConfig } from 'vitest/config';

// Two projects: the browser-side code (machines, services, components) under jsdom,
// and the server under plain Node.
export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['tests/machines/**/*.test.ts', 'tests/ui/**/*.test.{ts,tsx}', 'tests/scripts/**/*.test.ts'],
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
        },
      },
    ],
  },
});
