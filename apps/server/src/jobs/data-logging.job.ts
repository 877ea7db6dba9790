import type { Db } from '../db/client.ts';
import { applySampleRetention, ensureSamplePartitions } from '../modules/data-logging/sample-storage.ts';
import type { RecurringJob } from './queue/job-queue.ts';

/**
 * Keeps the samples' storage: creates this and next month's partitions hourly (the server creates
 * this month's itself before it serves), and applies retention hourly. A recurring job, run once
 * an hour across all server processes.
 */
export function sampleStorageJob(db: Db): RecurringJob {
  return {
    name: 'samples.storage',
    everyMs: 60 * 60 * 1000,
    run: async () => {
      await ensureSamplePartitions(db);
      await applySampleRetention(db);
    },
  };
}
