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
