/**
 * Server test files that replace a module with vi.mock. The server project shares each worker's
 * modules between files (vitest.config.ts), where a mock would find its module already imported
 * and silently not apply; these files run in a project of their own that imports afresh.
 */
export const serverFilesWithMocks = ['apps/server/src/http/fuzz.test.ts'];
