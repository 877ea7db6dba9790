import { reportLimits } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendMessage } from '../modules/messages/message.service.ts';
import { loadReportContent, ReportFailure } from '../modules/reports/report-content.ts';
import { sharedReportRenderer, type RenderReport } from '../modules/reports/report-renderer.ts';
import { presentReportJob, reportFileName } from '../modules/reports/report.presenter.ts';
import { userReportAccessProblem } from '../modules/reports/report-access.ts';
import {
  claimReportJob,
  findReportJob,
  leaseEnd,
  type ClaimedReportJob as Claimed,
} from '../modules/reports/report.repository.ts';
import { queueDueSchedules, mailScheduledReport } from '../modules/reports/report-schedule.service.ts';
import { scheduleName, type RecurringJob } from './queue/job-queue.ts';

/**
 * How often the queue is looked at: for due report schedules, and reports a crashed process left.
 * A queued report starts its own run at once (`reportRunJobName`).
 */
export const reportQueuePollMs = 60_000;
/**
 * A worker holds a job this long past its claim or its last progress; a job still `running`
 * past it was left by a crashed server.
 */
export const reportLeaseMs = 5 * 60 * 1000;

export type ReportWorkerDeps = {
  db: Db;
  events: EventBus;
  mailer: Mailer;
  /** The portal's address, for the link in the inbox message. */
  publicUrl: () => string;
  /** The PDF renderer: by default the process's pool of render threads (tests make it fail). */
  render?: RenderReport;
  /** How long a claim or a progress update holds a job (reportLeaseMs). */
  leaseMs?: number;
};

/** Runs one claimed job to done, back to queued (another try) or failed. */
export async function runReportJob(deps: ReportWorkerDeps, claimed: Claimed) {
  const { db } = deps;
  const held = (query: ReturnType<typeof updateJob>) =>
    query.where('state', '=', 'running').where('attempts', '=', claimed.attempts);
  const updateJob = () => db.updateTable('report_jobs').where('id', '=', claimed.id);
  const job = await db
    .selectFrom('report_jobs')
    .selectAll()
    .where('id', '=', claimed.id)
    .executeTakeFirstOrThrow();

  if (claimed.attempts > reportLimits.attempts) {
    await finish(deps, claimed, { state: 'failed', error: 'The report could not be made' });
    return;
  }
  // The requester may have lost the device or the page since the job was queued: then nothing is
  // rendered, and the inbox message would only tell them about a device they no longer see.
  const target = await findReportJob(db, { id: claimed.id });
  if (!target) return;
  const problem = await userReportAccessProblem(db, job.requested_by_user_id, job.company_id, target);
  if (problem) {
    await finish(deps, claimed, { state: 'failed', error: problem, silent: true });
    return;
  }
  try {
    const content = await loadReportContent(db, {
      pageId: job.page_id,
      agentId: job.agent_id,
      assetId: job.asset_id,
      start: job.period_start,
      end: job.period_end,
      timeZone: job.time_zone,
    });
    const leaseMs = deps.leaseMs ?? reportLeaseMs;
    // The render runs on a thread of its own, and may first wait for a free one: meanwhile the
    // lease is renewed every third of it. A renewal that fails is tried again at the next tick;
    // should the lease run out, the attempts check keeps a second taker from finishing it twice.
    const renewing = setInterval(() => {
      held(updateJob().set({ locked_until: leaseEnd(leaseMs) }))
        .execute()
        .catch(() => {});
    }, leaseMs / 3);
    let shown = 0;
    let pdf: Buffer;
    try {
      pdf = await (deps.render ?? sharedReportRenderer().render)(content, async (share) => {
        const progress = Math.min(99, Math.floor(share * 100));
        // Told in steps of a tenth at most, so a long report does not flood the requester; every
        // write renews the lease too.
        if (progress - shown < 10) return;
        shown = progress;
        const changed = await held(updateJob().set({ progress: shown, locked_until: leaseEnd(leaseMs) }))
          .returning('id')
          .executeTakeFirst();
        if (changed) await tell(deps, claimed.id);
      });
    } finally {
      clearInterval(renewing);
    }
    await finish(deps, claimed, {
      state: 'done',
      file: pdf,
      fileName: reportFileName(content.title, job.period_start, job.time_zone),
    });
  } catch (error) {
    const message = error instanceof ReportFailure ? error.message : 'The report could not be made';
    if (claimed.attempts >= reportLimits.attempts || error instanceof ReportFailure)
      await finish(deps, claimed, { state: 'failed', error: message });
    else {
      await held(
        updateJob().set({ state: 'queued', locked_until: null, progress: 0, error: message }),
      ).execute();
      await tell(deps, claimed.id);
    }
  }
}

async function finish(
  deps: ReportWorkerDeps,
  claimed: Claimed,
  result:
    { state: 'done'; file: Buffer; fileName: string } | { state: 'failed'; error: string; silent?: boolean },
) {
  const { db } = deps;
  const finished = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('report_jobs')
      .set({
        state: result.state,
        progress: result.state === 'done' ? 100 : 0,
        locked_until: null,
        finished_at: new Date(),
        ...(result.state === 'done'
          ? { file: result.file, file_name: result.fileName, size_bytes: result.file.length, error: null }
          : { error: result.error }),
      })
      .where('id', '=', claimed.id)
      .where('state', '=', 'running')
      .where('attempts', '=', claimed.attempts)
      .returning(['id', 'schedule_id'])
      .executeTakeFirst();
    if (!updated) return undefined;
    const row = (await findReportJob(trx, { id: claimed.id }))!;
    const silent = result.state === 'failed' && result.silent === true;
    if (row.requested_by_user_id !== null && !silent) {
      const device = row.agent_public_id
        ? `${deps.publicUrl()}/devices/${row.agent_public_id}`
        : `${deps.publicUrl()}/devices/${row.asset_public_id}`;
      const name = row.agent_name ?? row.asset_name ?? '';
      await sendMessage(trx, {
        userId: row.requested_by_user_id,
        companyId: row.company_id,
        subject:
          result.state === 'done' ? `Report ready: ${row.page_title}` : `Report failed: ${row.page_title}`,
        body:
          result.state === 'done'
            ? `The report "${row.page_title}" for ${name} is ready. Download it on the device page: ${device}`
            : `The report "${row.page_title}" for ${name} could not be made: ${result.error}. Device page: ${device}`,
      });
    }
    return { row, scheduleId: updated.schedule_id };
  });
  if (!finished) return;
  if (result.state === 'done' || !result.silent) await tell(deps, claimed.id);
  if (result.state === 'done' && finished.scheduleId !== null)
    await mailScheduledReport(deps, finished.scheduleId, finished.row, result.file);
}

async function tell(deps: ReportWorkerDeps, jobId: number) {
  const row = await findReportJob(deps.db, { id: jobId });
  if (!row || row.requested_by_user_id === null) return;
  await deps.events.publish(
    { userIds: [row.requested_by_user_id] },
    { type: 'ReportJobChanged', data: presentReportJob(row) },
  );
}

/** Removes finished jobs (and their files) older than `reportLimits.keepDays`. */
export async function removeOldReportJobs(db: Db, now = new Date()) {
  const before = new Date(now.getTime() - reportLimits.keepDays * 24 * 3600 * 1000);
  await db
    .deleteFrom('report_jobs')
    .where('state', 'in', ['done', 'failed'])
    .where('finished_at', '<', before)
    .execute();
}

/** Queues due schedules, then runs jobs until none is waiting; answers how many ran. */
export async function runReportQueueOnce(deps: ReportWorkerDeps, now = new Date()) {
  await removeOldReportJobs(deps.db, now);
  await queueDueSchedules(deps.db, now);
  let ran = 0;
  for (;;) {
    const claimed = await claimReportJob(deps.db, deps.leaseMs ?? reportLeaseMs);
    if (!claimed) return ran;
    await runReportJob(deps, claimed);
    ran += 1;
  }
}

/**
 * The report queue's poll as a recurring job: queues due report schedules and renders waiting
 * reports. A singleton: while one poll is still rendering, later slots are skipped, as one
 * process's worker did; report jobs themselves are claimed with SKIP LOCKED and a lease.
 */
export function reportQueueJob(deps: ReportWorkerDeps, everyMs = reportQueuePollMs): RecurringJob {
  return {
    name: scheduleName('reports.queue', everyMs, reportQueuePollMs),
    everyMs,
    singleton: true,
    maxAttempts: 1,
    run: async () => {
      await runReportQueueOnce(deps);
    },
  };
}
