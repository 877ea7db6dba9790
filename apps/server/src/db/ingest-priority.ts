import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Work the database may put behind requests: devices' sample batches. On PGlite, which runs one
 * query at a time in this process, an agent within its batch rate could otherwise keep other
 * companies' API calls queued behind its batches; PGlite's driver (ingest-scheduler.ts) serves
 * waiting requests first and lets a batch have the connection when requests leave it free.
 * PostgreSQL (a pool of connections running in parallel) ignores it.
 */
const ingestWork = new AsyncLocalStorage<true>();

/** Runs `work` (and every query it makes, however deep) as ingest work. */
export function asIngestWork<T>(work: () => Promise<T>): Promise<T> {
  return ingestWork.run(true, work);
}

export const isIngestWork = (): boolean => ingestWork.getStore() === true;
