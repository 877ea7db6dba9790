import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** The job row with what its wire shape names (page title, device and requester). */
export function selectReportJobs(db: Db) {
  return db
    .selectFrom('report_jobs as j')
    .innerJoin('pages as p', 'p.id', 'j.page_id')
    .leftJoin('page_versions as v', 'v.id', 'p.published_version_id')
    .leftJoin('agents as ag', 'ag.id', 'j.agent_id')
    .leftJoin('assets as asx', 'asx.id', 'j.asset_id')
    .leftJoin('users as u', 'u.id', 'j.requested_by_user_id')
    .select([
      'j.id',
      'j.public_id',
      'j.company_id',
      'j.state',
      'j.progress',
      'j.period_start',
      'j.period_end',
      'j.time_zone',
      'j.file_name',
      'j.size_bytes',
      'j.error',
      'j.created_at',
      'j.finished_at',
      'j.agent_id',
      'j.asset_id',
      'j.requested_by_user_id',
      'p.public_id as page_public_id',
      sql<string>`coalesce(v.title, p.title)`.as('page_title'),
      'ag.public_id as agent_public_id',
      'ag.name as agent_name',
      'asx.public_id as asset_public_id',
      'asx.name as asset_name',
      'u.public_id as user_public_id',
      'u.name as user_name',
    ]);
}

export type ReportJobRow = Awaited<ReturnType<ReturnType<typeof selectReportJobs>['execute']>>[number];

export async function findReportJob(db: Db, where: { id: number } | { publicId: string; companyId: number }) {
  let query = selectReportJobs(db);
  query =
    'id' in where
      ? query.where('j.id', '=', where.id)
      : query.where('j.public_id', '=', where.publicId).where('j.company_id', '=', where.companyId);
  return query.executeTakeFirst();
}

/** Queued or running jobs a user queued by hand (the pending limit; scheduled ones do not count). */
export async function countPendingJobs(db: Db, userId: number) {
  const row = await db
    .selectFrom('report_jobs')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('requested_by_user_id', '=', userId)
    .where('state', 'in', ['queued', 'running'])
    .where('schedule_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type ClaimedReportJob = { id: number; attempts: number };

/** The end of a lease taken now. */
export const leaseEnd = (leaseMs: number) => sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval`;

/**
 * Takes one job: a queued one, or a running one whose lease ran out (its server crashed). The row
 * lock with SKIP LOCKED lets several servers share the queue; a done or failed job is never taken.
 *
 * Companies take turns: the job comes from the company whose last claim is oldest (one never
 * claimed for first), oldest job first within it, so one company's backlog of many reports does
 * not hold up another company's single one. A company's last claim is the latest `claimed_at` of
 * its jobs, which every claim sets.
 */
export async function claimReportJob(db: Db, leaseMs: number): Promise<ClaimedReportJob | undefined> {
  const { rows } = await sql<ClaimedReportJob>`
    update report_jobs set state = 'running', attempts = attempts + 1, progress = 0,
      locked_until = ${leaseEnd(leaseMs)},
      started_at = coalesce(started_at, now()),
      claimed_at = now()
    where id = (
      select j.id from report_jobs j
      where (j.state = 'queued' or (j.state = 'running' and j.locked_until < now()))
      order by
        (select max(c.claimed_at) from report_jobs c where c.company_id = j.company_id) nulls first,
        j.created_at, j.id
      for update skip locked
      limit 1
    )
    returning id, attempts`.execute(db);
  return rows[0];
}
