import { sql, type SqlBool } from 'kysely';
import {
  errorMessages,
  queueReportInput,
  reportErrors,
  reportLimits,
  type QueueReportInput,
  type ReportJob,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { ApiError, badRequest, conflict, parseInput } from '../../http/errors.ts';
import { newPublicId, publicIdPattern } from '../../http/ids.ts';
import type { Viewer } from '../../http/resource.ts';
import { enqueueJob, wakeJobQueues } from '../../jobs/queue/job-queue.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { agentVisibility } from '../agents/agent-visibility.ts';
import { findDevicePage } from '../pages/page.service.ts';
import { reportAccessProblem } from './report-access.ts';
import { notFoundAt, visibleAgent, visibleAsset, type ReportDevice } from './report-device.ts';
import { presentReportJob } from './report.presenter.ts';
import { countPendingJobs, findReportJob, selectReportJobs } from './report.repository.ts';

/** Whether an IANA time zone name is known to this runtime. */
export function isKnownTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The page a report on this device is made of, with a published version: one the viewer sees
 * and that belongs to the device (pages module, `findDevicePage`); 404 `report` otherwise,
 * before 409 `No published page`, so an unseen page's state does not show.
 */
export async function reportPage(db: Db, viewer: Viewer, publicId: string, device: ReportDevice) {
  if (!publicIdPattern.test(publicId)) throw notFoundAt('report');
  const page = await findDevicePage(db, viewer, publicId, {
    agentId: device.agentId ?? device.tagAgentId,
    assetId: device.assetId,
  });
  if (!page) throw notFoundAt('report');
  if (page.published_version_id === null) throw conflict(reportErrors.notPublished, 'report');
  return page;
}

/** Checks the period and time zone of a report (400 with the property). */
export function checkPeriod(input: { start: string; end: string; timeZone: string }) {
  const start = new Date(input.start);
  const end = new Date(input.end);
  if (end.getTime() <= start.getTime()) throw badRequest(reportErrors.periodInvalid, 'end');
  if (end.getTime() - start.getTime() > reportLimits.maxPeriodDays * 24 * 3600 * 1000)
    throw badRequest(reportErrors.periodTooLong, 'end');
  if (!isKnownTimeZone(input.timeZone)) throw badRequest(reportErrors.timeZoneInvalid, 'timeZone');
  return { start, end };
}

/**
 * Queues a report: the input is checked (shape, period, zone) before the database is read, then
 * the device (404), the page (404 unless the user sees it and it belongs to the device, 409
 * unpublished), and the user's pending jobs (429) in one transaction.
 */
export async function queueReport(
  db: Db,
  viewer: Viewer,
  events: EventBus,
  body: unknown,
  fixedDevice?: { kind: 'agent' | 'asset'; publicId: string },
): Promise<ReportJob> {
  const input = parseInput(queueReportInput, body);
  if (fixedDevice) {
    if (input.agent || input.asset)
      throw badRequest(reportErrors.deviceRequired, input.agent ? 'agent' : 'asset');
  } else if ((input.agent === undefined) === (input.asset === undefined))
    throw badRequest(reportErrors.deviceRequired, 'agent');
  const { start, end } = checkPeriod(input);
  const target =
    fixedDevice ??
    (input.agent
      ? { kind: 'agent' as const, publicId: input.agent.publicId }
      : { kind: 'asset' as const, publicId: input.asset!.publicId });

  const job = await runInTransaction(db, async (trx) => {
    const device =
      target.kind === 'agent'
        ? await visibleAgent(trx, viewer, target.publicId)
        : await visibleAsset(trx, viewer, target.publicId);
    const page = await reportPage(trx, viewer, input.report.publicId, device);
    // One user's queueing is serialised, so two requests cannot both pass the limit.
    await sql`select pg_advisory_xact_lock(hashtext('report-queue'), ${viewer.user.id})`.execute(trx);
    if ((await countPendingJobs(trx, viewer.user.id)) >= reportLimits.pendingPerUser)
      throw new ApiError(429, reportErrors.pendingLimit);
    const inserted = await trx
      .insertInto('report_jobs')
      .values({
        public_id: newPublicId(),
        company_id: viewer.company.id,
        page_id: page.id,
        agent_id: device.agentId,
        asset_id: device.assetId,
        period_start: start,
        period_end: end,
        time_zone: input.timeZone,
        requested_by_user_id: viewer.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A run of the report queue in whichever process takes it first, with the report.
    await enqueueJob(trx, { name: reportRunJobName, maxAttempts: 1 });
    return presentReportJob((await findReportJob(trx, { id: inserted.id }))!);
  });
  wakeJobQueues();
  await events.publish({ userIds: [viewer.user.id] }, { type: 'ReportJobChanged', data: job });
  return job;
}

/**
 * The job a queued report starts: runs the report queue at once, so a report does not wait for
 * the queue's next poll (reportQueuePollMs), and an idle server polls rarely.
 */
export const reportRunJobName = 'reports.run';

export type { QueueReportInput, ReportDevice };
export { visibleAgent, visibleAsset };

/**
 * The viewer's own report jobs, newest first, optionally of one device: only those of devices
 * they still see (the page is checked again when one is read).
 */
export async function listReportJobs(
  db: Db,
  viewer: Viewer,
  device?: ReportDevice,
  limit = 100,
): Promise<ReportJob[]> {
  let query = selectReportJobs(db)
    .where('j.company_id', '=', viewer.company.id)
    .where('j.requested_by_user_id', '=', viewer.user.id);
  if (device?.agentId != null) query = query.where('j.agent_id', '=', device.agentId);
  if (device?.assetId != null) query = query.where('j.asset_id', '=', device.assetId);
  const agentSeen = agentVisibility(viewer, sql.ref<number>('j.agent_id'));
  const assetSeen = agentVisibility(viewer, sql.ref<number>('asx.agent_id'));
  if (agentSeen && assetSeen)
    query = query.where(
      sql<SqlBool>`((j.agent_id is not null and ${agentSeen}) or (asx.agent_id is not null and ${assetSeen}))`,
    );
  const rows = await query.orderBy('j.created_at', 'desc').orderBy('j.id', 'desc').limit(limit).execute();
  return rows.map(presentReportJob);
}

/**
 * One of the viewer's own jobs: another's, another company's, or one of a device or page the
 * viewer no longer sees is 404.
 */
export async function readReportJob(db: Db, viewer: Viewer, publicId: string) {
  if (!publicIdPattern.test(publicId)) throw new ApiError(404, errorMessages.notFound);
  const row = await findReportJob(db, { publicId, companyId: viewer.company.id });
  if (!row || row.requested_by_user_id !== viewer.user.id) throw new ApiError(404, errorMessages.notFound);
  if (await reportAccessProblem(db, viewer, row)) throw new ApiError(404, errorMessages.notFound);
  return row;
}

/** The PDF of a done job (409 `The report is not ready` before). */
export async function readReportFile(db: Db, viewer: Viewer, publicId: string) {
  const row = await readReportJob(db, viewer, publicId);
  if (row.state !== 'done') throw conflict(reportErrors.notReady);
  const file = await db
    .selectFrom('report_jobs')
    .select(['file', 'file_name'])
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  if (!file.file) throw conflict(reportErrors.notReady);
  return { bytes: file.file, fileName: file.file_name ?? 'report.pdf' };
}
