import type { Db } from '../../db/client.ts';
import { startJobQueue } from '../../jobs/queue/job-queue.ts';
import type { RunScope } from './function-effects.ts';
import { claimFunctionRuns, functionRunJobName } from './function-run.repository.ts';
import type { FunctionRun } from './function-runner.ts';
import { findRunnableSubscription } from './subscription-match.ts';

/** How function runs are shared out; the same in every process. */
export type FunctionRunLimits = {
  /** Runs in flight at once in this process. */
  slots: number;
  /** Runs of one company in flight at once, in all processes: the other slots stay free for others. */
  slotsPerCompany: number;
  /** Runs of one company waiting; beyond it, that company's new runs are dropped (and counted). */
  queuedPerCompany: number;
  /** A run cut short by a process that died runs once more; a run that failed does not. */
  attempts: number;
};

export const functionRunLimits: FunctionRunLimits = {
  slots: 4,
  slotsPerCompany: 2,
  queuedPerCompany: 200,
  attempts: 2,
};

/** A queued run as the job stores it: the subscription by id, its code read when it runs. */
export type QueuedRun = { subscriptionId: number; trigger: string; message: unknown; scope: RunScope };

type Log = { error(obj: unknown, msg?: string): void };

/**
 * This process's worker for queued function runs: claims them fairly between companies
 * (function-run.repository.ts), at most `slots` at once, each run once across processes. A run
 * whose subscription was deleted, disabled or lost its share meanwhile is skipped. Returns a
 * function that stops claiming and waits for the runs in flight.
 */
export function startFunctionWorker(
  deps: { db: Db; log: Log; run: (run: FunctionRun) => Promise<unknown> },
  limits: FunctionRunLimits = functionRunLimits,
) {
  const { db, log } = deps;
  return startJobQueue({
    db,
    concurrency: limits.slots,
    prune: false,
    // Each run is kept in the run log; a row per run in the job table would only pile up.
    deleteDone: true,
    handlers: {
      [functionRunJobName]: async (job) => {
        const queued = job.payload as QueuedRun;
        const subscription = await findRunnableSubscription(db, queued.subscriptionId);
        if (!subscription) return;
        // The runner records every outcome as the run's and never throws.
        await deps.run({
          subscription,
          trigger: queued.trigger,
          message: queued.message,
          scope: queued.scope,
        });
      },
    },
    claim: ({ limit, leaseMs }) =>
      claimFunctionRuns(db, { limit, leaseMs, slotsPerCompany: limits.slotsPerCompany }),
    onError: (error, job) => log.error({ err: error, job: job?.name }, 'backend component run failed'),
  });
}
