import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'packages', include: ['packages/**/*.test.ts'] } },
      { test: { name: 'agent', include: ['apps/agent/**/*.test.ts', 'apps/connector/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          // A real browser on a loaded two-core CI machine: one retry keeps a rare timing race in a
          // test from failing the whole run; a real fault still fails twice. Races found are fixed in
          // the tests (see the closing notes), not left to the retry.
          retry: 1,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
