import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './client.ts';

/** deadlock_detected and serialization_failure: PostgreSQL rolled the transaction back; running it again is safe. */
const retryableCodes = new Set(['40P01', '40001']);
const maxAttempts = 5;
const baseDelayMs = 5;

/**
 * Runs `run` in a transaction and runs the whole transaction again, a bounded number of times
 * with jittered exponential backoff, when PostgreSQL aborted it for a deadlock or a
 * serialization failure. `run` may be called more than once: keep effects outside the
 * database until it has returned. Given a transaction, `run` runs in it.
 */
export async function runInTransaction<T>(db: Db, run: (trx: Db) => Promise<T>): Promise<T> {
  // Called inside a transaction: the work joins it (the outer call retries the whole of it).
  if (db.isTransaction) return run(db);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(run);
    } catch (error) {
      if (attempt >= maxAttempts || !isRetryable(error)) throw error;
      // Full jitter: the two sides of a deadlock wake at different times instead of colliding again.
      await sleep(Math.random() * baseDelayMs * 2 ** attempt);
    }
  }
}

function isRetryable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && retryableCodes.has(code);
}
