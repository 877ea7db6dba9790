import { defineConfig } from 'vitest/config';
import { serverFilesWithMocks } from './apps/server/test/files-with-mocks.ts';
import { RetriedTestsReporter } from './e2e/support/retried-tests-reporter.ts';

export default defineConfig({
  test: {
    reporters: ['default', new RetriedTestsReporter()],
    // Vitest's default is one worker per core less one: a single worker on the two-core CI machine.
    // Most test files wait on a browser, a server process or a socket far more than they compute, so
    // two at a time halve the run without starving either. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    // Each worker process runs file after file instead of being replaced after every file. The pool
    // is one for all projects, so only this root setting does it (a project's `isolate` decides
    // only whether its files share imported modules, below). Starting a fresh Node process and
    // importing the server or the browser helpers again cost 2–7 s per file. Projects still run
    // apart: the pool starts new workers between them.
    poolOptions: { forks: { isolate: false } },
    projects: [
      { test: { name: 'packages', include: ['packages/**/*.test.ts'] } },
      { test: { name: 'agent', include: ['apps/agent/**/*.test.ts', 'apps/connector/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          exclude: serverFilesWithMocks,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files share each worker's modules instead of importing the server again (about
          // 1.8 s per file). Every file still starts servers and databases of its own; what a file
          // leaves in module state or process.env must not matter to the next (tests set, never
          // unset, their keys).
          isolate: false,
        },
      },
      {
        // vi.mock replaces a module only where it is imported afresh: these files keep their own.
        test: {
          name: 'server-isolated',
          include: serverFilesWithMocks,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/**/*.test.{ts,tsx}'] } },
      {
        // Several real server processes on one PostgreSQL database (issue 18): PGlite cannot be
        // shared between processes, so these files run only where DATABASE_URL names a database
        // (the API suites on PostgreSQL, `npm run test:api`). They run after the server files, not
        // beside them: real processes run every background worker, and would take other files'
        // webhook deliveries and report jobs from the shared database.
        test: {
          name: 'cluster',
          include: process.env.DATABASE_URL ? ['e2e/cluster/**/*.test.ts'] : [],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          // As in the server project: the files share the support modules, and each starts its own
          // servers and browsers.
          isolate: false,
          // A real browser on a loaded two-core CI machine: one retry keeps a rare timing race in a
          // test from failing the whole run; a real fault still fails twice. Races found are fixed in
          // the tests (see the closing notes), not left to the retry.
          retry: 1,
          // expect.poll gives up after 1 s by default, less than a cold page load on that machine.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
