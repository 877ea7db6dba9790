import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export type Period = { from: string; to: string };

/** Where a page of agents sorted by total bytes (desc) ended. */
export type AgentUsageCursor = { bytes: string; publicId: string };

export type CompanyUsageRow = { day: string; bytes_in: string; bytes_out: string; bytes: string };

/** The company's counted days in the period (days without traffic have no row). */
export function listCompanyUsageDays(db: Db, companyId: number, period: Period): Promise<CompanyUsageRow[]> {
  return db
    .selectFrom('company_data_usage')
    .select([
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      sql<string>`bytes_in::text`.as('bytes_in'),
      sql<string>`bytes_out::text`.as('bytes_out'),
      sql<string>`bytes::text`.as('bytes'),
    ])
    .where('company_id', '=', companyId)
    .where('day', '>=', period.from)
    .where('day', '<=', period.to)
    .orderBy('day')
    .execute();
}

export type AgentUsageRow = {
  public_id: string;
  name: string;
  bytes_in: string;
  bytes_out: string;
  bytes: string;
};

/**
 * The company's agents with traffic in the period and their totals, most bytes first (ties by
 * publicId), one page after the cursor plus one row to tell whether more follow.
 */
export function listAgentUsage(
  db: Db,
  companyId: number,
  period: Period,
  page: { size: number; after: AgentUsageCursor | null },
): Promise<AgentUsageRow[]> {
  const totals = db
    .selectFrom('agent_data_usage as u')
    .innerJoin('agents as a', 'a.id', 'u.agent_id')
    .select([
      'a.public_id',
      'a.name',
      sql<string>`sum(u.bytes_in)`.as('bytes_in'),
      sql<string>`sum(u.bytes_out)`.as('bytes_out'),
      sql<string>`sum(u.bytes_in + u.bytes_out)`.as('bytes'),
    ])
    .where('u.company_id', '=', companyId)
    // The agent's own company too: a row never shows an agent of another company.
    .where('a.company_id', '=', companyId)
    .where('u.day', '>=', period.from)
    .where('u.day', '<=', period.to)
    .groupBy(['a.id', 'a.public_id', 'a.name']);
  let query = db
    .selectFrom(totals.as('t'))
    .select([
      't.public_id',
      't.name',
      sql<string>`t.bytes_in::text`.as('bytes_in'),
      sql<string>`t.bytes_out::text`.as('bytes_out'),
      sql<string>`t.bytes::text`.as('bytes'),
    ]);
  const after = page.after;
  if (after) {
    query = query.where(sql<boolean>`(t.bytes, t.public_id) < (${after.bytes}::numeric, ${after.publicId})`);
  }
  return query
    .orderBy('t.bytes', 'desc')
    .orderBy('t.public_id', 'desc')
    .limit(page.size + 1)
    .execute();
}

export type AgentUsageDayRow = AgentUsageRow & { day: string };

/** Every day and agent with traffic in the period, by day then agent name. */
export function listAgentUsageDays(db: Db, companyId: number, period: Period): Promise<AgentUsageDayRow[]> {
  return db
    .selectFrom('agent_data_usage as u')
    .innerJoin('agents as a', 'a.id', 'u.agent_id')
    .select([
      sql<string>`to_char(u.day, 'YYYY-MM-DD')`.as('day'),
      'a.public_id',
      'a.name',
      sql<string>`u.bytes_in::text`.as('bytes_in'),
      sql<string>`u.bytes_out::text`.as('bytes_out'),
      sql<string>`(u.bytes_in + u.bytes_out)::text`.as('bytes'),
    ])
    .where('u.company_id', '=', companyId)
    .where('a.company_id', '=', companyId)
    .where('u.day', '>=', period.from)
    .where('u.day', '<=', period.to)
    .orderBy('u.day')
    .orderBy(sql`lower(a.name)`)
    .orderBy('a.public_id')
    .execute();
}
