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
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
