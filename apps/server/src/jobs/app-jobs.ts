import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Mailer } from '../mail/mailer.ts';
import { alarmSweepJob } from '../modules/alarms/alarm-sweep.ts';
import { activationEndSweepJob } from './app-activation-end.job.ts';
import { sampleStorageJob } from './data-logging.job.ts';
import { expiredTokensJob } from './expired-tokens.job.ts';
import { startJobQueue, type JobHandler, type RecurringJob } from './queue/job-queue.ts';
import { reportRunJobName } from '../modules/reports/report.service.ts';
import { reportQueueJob, runReportQueueOnce } from './report-queue.job.ts';
import { temporaryAccessSweepJob } from './temporary-access.job.ts';
import { webhookPruneJob } from './webhook-delivery.job.ts';

export type AppJobsOptions = {
  /** Interval of the ended-access sweep (AppOptions.temporaryAccessSweepMs). */
  temporaryAccessSweepMs?: number | undefined;
  /** Interval of the report queue's poll; false runs none here (AppOptions.reportWorkerMs). */
  reportWorkerMs?: number | false | undefined;
  /** More jobs for this process (tests). */
  recurring?: readonly RecurringJob[] | undefined;
  handlers?: Record<string, JobHandler> | undefined;
};

/**
 * The server's periodic work on the database job queue: each slot runs in one process of all
 * those on the database. Returns a function that stops this process's worker and waits for its
 * running jobs.
 */
export function startAppJobs(
  deps: { db: Db; events: EventBus; mailer: Mailer; config: Config; log: FastifyBaseLogger },
  options: AppJobsOptions = {},
): () => Promise<void> {
  const { db, events, mailer, config, log } = deps;
  const recurring: RecurringJob[] = [
    expiredTokensJob(db),
    temporaryAccessSweepJob(db, events, options.temporaryAccessSweepMs),
    activationEndSweepJob(db, events),
    sampleStorageJob(db),
    webhookPruneJob(db),
    alarmSweepJob(db, { events, mailer, log, config }),
    ...(options.recurring ?? []),
  ];
  const handlers: Record<string, JobHandler> = {};
  if (options.reportWorkerMs !== false) {
    const reports = { db, events, mailer, publicUrl: () => config.publicUrl };
    recurring.push(reportQueueJob(reports, options.reportWorkerMs));
    handlers[reportRunJobName] = async () => {
      await runReportQueueOnce(reports);
    };
  }
  return startJobQueue({
    db,
    recurring,
    handlers: { ...handlers, ...options.handlers },
    onError: (error, job) => log.error({ err: error, job: job?.name }, 'background job failed'),
  });
}
