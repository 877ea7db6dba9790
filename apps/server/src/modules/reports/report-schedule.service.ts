import { sql } from 'kysely';
import {
  errorMessages,
  reportErrors,
  reportLimits,
  reportScheduleCreateInput,
  reportSchedulePatchInput,
  type ReportSchedule,
  type ReportScheduleFrequency,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { ApiError, badRequest, conflict, parseInput } from '../../http/errors.ts';
import { newPublicId, publicIdPattern } from '../../http/ids.ts';
import type { Viewer } from '../../http/resource.ts';
import type { Mailer } from '../../mail/mailer.ts';
import {
  memberViewer,
  reportAccessProblem,
  userReportAccessProblem,
  type ReportTarget,
} from './report-access.ts';
import type { ReportJobRow } from './report.repository.ts';
import { formatInZone } from './report-pdf.ts';
import {
  isKnownTimeZone,
  reportPage,
  visibleAgent,
  visibleAsset,
  type ReportDevice,
} from './report.service.ts';

// ---- Calendar periods in a time zone ----

type LocalDay = { year: number; month: number; day: number; weekday: number };

function localDay(instant: Date, timeZone: string): LocalDay {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return { year: Number(part('year')), month: Number(part('month')), day: Number(part('day')), weekday };
}

/** The offset of the zone from UTC at an instant, in ms. */
function zoneOffset(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (
    Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) -
    (instant - (instant % 1000))
  );
}

/** Local midnight of a calendar day (month and day may overflow, as with Date.UTC). */
function localMidnight(year: number, month: number, day: number, timeZone: string) {
  const wall = Date.UTC(year, month - 1, day);
  let instant = wall - zoneOffset(wall, timeZone);
  instant = wall - zoneOffset(instant, timeZone);
  return new Date(instant);
}

/** The start of the day, week (Monday) or month holding `instant`, `shift` periods later. */
export function periodStart(frequency: ReportScheduleFrequency, instant: Date, timeZone: string, shift = 0) {
  const d = localDay(instant, timeZone);
  if (frequency === 'daily') return localMidnight(d.year, d.month, d.day + shift, timeZone);
  if (frequency === 'weekly')
    return localMidnight(d.year, d.month, d.day - ((d.weekday + 6) % 7) + 7 * shift, timeZone);
  return localMidnight(d.year, d.month + shift, 1, timeZone);
}

// ---- Schedules ----

function scheduleRows(db: Db) {
  return db
    .selectFrom('report_schedules as s')
    .innerJoin('pages as p', 'p.id', 's.page_id')
    .leftJoin('page_versions as v', 'v.id', 'p.published_version_id')
    .leftJoin('agents as ag', 'ag.id', 's.agent_id')
    .leftJoin('assets as asx', 'asx.id', 's.asset_id')
    .select([
      's.id',
      's.public_id',
      's.company_id',
      's.frequency',
      's.time_zone',
      's.next_run_at',
      's.last_run_at',
      's.agent_id',
      's.asset_id',
      'p.public_id as page_public_id',
      sql<string>`coalesce(v.title, p.title)`.as('page_title'),
      'ag.public_id as agent_public_id',
      'ag.name as agent_name',
      'asx.public_id as asset_public_id',
      'asx.name as asset_name',
    ]);
}

async function present(db: Db, rows: Awaited<ReturnType<ReturnType<typeof scheduleRows>['execute']>>) {
  const ids = rows.map((row) => row.id);
  const recipients = ids.length
    ? await db
        .selectFrom('report_schedule_recipients as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['r.schedule_id', 'u.public_id', 'u.name'])
        .where('r.schedule_id', 'in', ids)
        .orderBy('u.name')
        .execute()
    : [];
  return rows.map((row): ReportSchedule => ({
    publicId: row.public_id,
    report: { publicId: row.page_public_id, title: row.page_title },
    agent: row.agent_public_id ? { publicId: row.agent_public_id, name: row.agent_name ?? '' } : null,
    asset: row.asset_public_id ? { publicId: row.asset_public_id, name: row.asset_name ?? '' } : null,
    frequency: row.frequency,
    timeZone: row.time_zone,
    recipients: recipients
      .filter((r) => r.schedule_id === row.id)
      .map((r) => ({ publicId: r.public_id, name: r.name })),
    nextRunOn: row.next_run_at.toISOString(),
    lastRunOn: row.last_run_at ? row.last_run_at.toISOString() : null,
  }));
}

/** Whether a schedule's device is one the viewer sees (the queue's rule). */
async function deviceOfSchedule(
  db: Db,
  viewer: Viewer,
  row: { agent_public_id: string | null; asset_public_id: string | null },
) {
  return row.agent_public_id
    ? visibleAgent(db, viewer, row.agent_public_id)
    : visibleAsset(db, viewer, row.asset_public_id ?? '');
}

/** The device and page of a schedule as the access check names them. */
const targetOf = (device: ReportDevice, pagePublicId: string): ReportTarget => ({
  agent_public_id: device.agentId !== null ? device.publicId : null,
  asset_public_id: device.agentId !== null ? null : device.publicId,
  page_public_id: pagePublicId,
});

/**
 * Recipients: members of the company (now) who see the device and the page. An unknown user or
 * one of another company is 404 `recipients` with the list index (as any reference); a member who
 * may not read the report is 400, so a schedule never mails a report to someone who may not.
 */
async function recipientIds(
  db: Db,
  viewer: Viewer,
  target: ReportTarget,
  recipients: { publicId: string }[],
) {
  const ids: number[] = [];
  for (const [index, recipient] of recipients.entries()) {
    const at = { propertyName: 'recipients', listIndex: index };
    const notFound = () => new ApiError(404, [{ message: errorMessages.notFound, ...at }]);
    if (!publicIdPattern.test(recipient.publicId)) throw notFound();
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('public_id', '=', recipient.publicId)
      .executeTakeFirst();
    const member = user ? await memberViewer(db, user.id, viewer.company.id) : null;
    if (!user || !member) throw notFound();
    if (await reportAccessProblem(db, member, target))
      throw new ApiError(400, [{ message: reportErrors.recipientCannotRead, ...at }]);
    if (!ids.includes(user.id)) ids.push(user.id);
  }
  return ids;
}

export async function listReportSchedules(db: Db, viewer: Viewer) {
  const rows = await scheduleRows(db)
    .where('s.company_id', '=', viewer.company.id)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
  const visible = [];
  for (const row of rows)
    if (
      await deviceOfSchedule(db, viewer, row).then(
        () => true,
        () => false,
      )
    )
      visible.push(row);
  return present(db, visible);
}

async function findSchedule(db: Db, viewer: Viewer, publicId: string, forUpdate = false) {
  const missing = () => new ApiError(404, errorMessages.notFound);
  if (!publicIdPattern.test(publicId)) throw missing();
  let query = scheduleRows(db)
    .where('s.company_id', '=', viewer.company.id)
    .where('s.public_id', '=', publicId);
  if (forUpdate) query = query.forUpdate('s');
  const row = await query.executeTakeFirst();
  if (!row) throw missing();
  const device = await deviceOfSchedule(db, viewer, row).catch(() => {
    throw missing();
  });
  return { row, device };
}

export async function createReportSchedule(db: Db, viewer: Viewer, body: unknown) {
  const input = parseInput(reportScheduleCreateInput, body);
  if ((input.agent === undefined) === (input.asset === undefined))
    throw badRequest(reportErrors.deviceRequired, 'agent');
  if (!isKnownTimeZone(input.timeZone)) throw badRequest(reportErrors.timeZoneInvalid, 'timeZone');
  return runInTransaction(db, async (trx) => {
    const device = input.agent
      ? await visibleAgent(trx, viewer, input.agent.publicId)
      : await visibleAsset(trx, viewer, input.asset!.publicId);
    // The creator's rule, as when queueing by hand: a page they see, of this device.
    const page = await reportPage(trx, viewer, input.report.publicId, device);
    const users = await recipientIds(trx, viewer, targetOf(device, page.public_id), input.recipients);
    // The company's schedules are counted under a lock, so parallel requests cannot pass the cap.
    await sql`select pg_advisory_xact_lock(hashtext('report-schedules'), ${viewer.company.id})`.execute(trx);
    const { count } = await trx
      .selectFrom('report_schedules')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('company_id', '=', viewer.company.id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= reportLimits.schedulesPerCompany) throw conflict(reportErrors.scheduleLimit);
    const inserted = await trx
      .insertInto('report_schedules')
      .values({
        public_id: newPublicId(),
        company_id: viewer.company.id,
        page_id: page.id,
        agent_id: device.agentId,
        asset_id: device.assetId,
        frequency: input.frequency,
        time_zone: input.timeZone,
        created_by_user_id: viewer.user.id,
        next_run_at: periodStart(input.frequency, new Date(), input.timeZone, 1),
      })
      .returning(['id', 'public_id'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('report_schedule_recipients')
      .values(users.map((userId) => ({ schedule_id: inserted.id, user_id: userId })))
      .execute();
    const row = await scheduleRows(trx).where('s.id', '=', inserted.id).executeTakeFirstOrThrow();
    return (await present(trx, [row]))[0]!;
  });
}

export async function changeReportSchedule(db: Db, viewer: Viewer, publicId: string, body: unknown) {
  const input = parseInput(reportSchedulePatchInput, body);
  if (input.timeZone !== undefined && !isKnownTimeZone(input.timeZone))
    throw badRequest(reportErrors.timeZoneInvalid, 'timeZone');
  return runInTransaction(db, async (trx) => {
    const { row, device } = await findSchedule(trx, viewer, publicId, true);
    const frequency = input.frequency ?? row.frequency;
    const timeZone = input.timeZone ?? row.time_zone;
    if (input.recipients) {
      const users = await recipientIds(trx, viewer, targetOf(device, row.page_public_id), input.recipients);
      await trx.deleteFrom('report_schedule_recipients').where('schedule_id', '=', row.id).execute();
      await trx
        .insertInto('report_schedule_recipients')
        .values(users.map((userId) => ({ schedule_id: row.id, user_id: userId })))
        .execute();
    }
    if (input.frequency !== undefined || input.timeZone !== undefined)
      await trx
        .updateTable('report_schedules')
        .set({ frequency, time_zone: timeZone, next_run_at: periodStart(frequency, new Date(), timeZone, 1) })
        .where('id', '=', row.id)
        .execute();
    const changed = await scheduleRows(trx).where('s.id', '=', row.id).executeTakeFirstOrThrow();
    return (await present(trx, [changed]))[0]!;
  });
}

export async function removeReportSchedule(db: Db, viewer: Viewer, publicId: string) {
  return runInTransaction(db, async (trx) => {
    const { row } = await findSchedule(trx, viewer, publicId, true);
    const [shown] = await present(trx, [row]);
    await trx.deleteFrom('report_schedules').where('id', '=', row.id).execute();
    return shown!;
  });
}

/**
 * Queues a job for every due schedule: the previous day, week or month in the schedule's zone,
 * and moves it to the next period. Each schedule row is locked, so two servers queue it once.
 * The job runs as the schedule's creator, so their access is checked again: a creator who no
 * longer sees the device or the page gets a failed job saying why (and nothing is rendered).
 */
export async function queueDueSchedules(db: Db, now = new Date()) {
  for (;;) {
    const queued = await runInTransaction(db, async (trx) => {
      const due = await trx
        .selectFrom('report_schedules')
        .selectAll()
        .where('next_run_at', '<=', now)
        .orderBy('next_run_at')
        .forUpdate()
        .skipLocked()
        .limit(1)
        .executeTakeFirst();
      if (!due) return false;
      const end = periodStart(due.frequency, now, due.time_zone);
      const start = periodStart(due.frequency, now, due.time_zone, -1);
      const target = await scheduleRows(trx).where('s.id', '=', due.id).executeTakeFirstOrThrow();
      const page = await trx
        .selectFrom('pages')
        .select('published_version_id')
        .where('id', '=', due.page_id)
        .executeTakeFirstOrThrow();
      const problem = await userReportAccessProblem(trx, due.created_by_user_id, due.company_id, target);
      // A page no longer published skips its period; the schedule waits for the next.
      if (problem !== null || page.published_version_id !== null)
        await trx
          .insertInto('report_jobs')
          .values({
            public_id: newPublicId(),
            company_id: due.company_id,
            page_id: due.page_id,
            agent_id: due.agent_id,
            asset_id: due.asset_id,
            period_start: start,
            period_end: end,
            time_zone: due.time_zone,
            requested_by_user_id: due.created_by_user_id,
            schedule_id: due.id,
            ...(problem === null ? {} : { state: 'failed' as const, error: problem, finished_at: now }),
          })
          .execute();
      await trx
        .updateTable('report_schedules')
        .set({ last_run_at: now, next_run_at: periodStart(due.frequency, now, due.time_zone, 1) })
        .where('id', '=', due.id)
        .execute();
      return true;
    });
    if (!queued) return;
  }
}

/** E-mails a scheduled report's PDF to the schedule's recipients who still may read it. */
export async function mailScheduledReport(
  deps: { db: Db; mailer: Mailer },
  scheduleId: number,
  job: ReportJobRow,
  pdf: Buffer,
) {
  const { db } = deps;
  const schedule = await scheduleRows(db).where('s.id', '=', scheduleId).executeTakeFirst();
  if (!schedule) return;
  const recipients = await db
    .selectFrom('report_schedule_recipients as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.id', 'u.email_address'])
    .where('r.schedule_id', '=', scheduleId)
    .execute();
  const device = job.agent_name ?? job.asset_name ?? '';
  const period = `${formatInZone(job.period_start, job.time_zone)} – ${formatInZone(job.period_end, job.time_zone)} (${job.time_zone})`;
  for (const recipient of recipients) {
    // Only members who still see the device and the page get it.
    if (await userReportAccessProblem(db, recipient.id, schedule.company_id, schedule)) continue;
    await deps.mailer.send({
      to: recipient.email_address,
      subject: `Report: ${job.page_title} – ${device}`,
      text: `The scheduled report "${job.page_title}" for ${device}, ${period}, is attached.`,
      attachments: [
        { filename: job.file_name ?? 'report.pdf', content: pdf, contentType: 'application/pdf' },
      ],
    });
  }
}
