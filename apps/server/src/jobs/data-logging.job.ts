import type { Db } from '../db/client.ts';
import { applySampleRetention, ensureSamplePartitions } from '../modules/data-logging/sample-storage.ts';

/**
 * Keeps the samples' storage: creates this and next month's partitions hourly (the server creates
 * this month's itself before it serves), and applies retention hourly. Returns a function that stops it.
 */
export function startSampleStorageJob(db: Db, onError: (error: unknown) => void): () => void {
  const run = async () => {
    await ensureSamplePartitions(db);
    await applySampleRetention(db);
  };
  const timer = setInterval(() => void run().catch(onError), 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
