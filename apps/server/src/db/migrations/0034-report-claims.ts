import { sql, type Kysely } from 'kysely';

// Fair report queue: a claim takes the next job of the company whose last claim is oldest, so
// every claim records its time, and a company's latest claim is found through an index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table report_jobs add column claimed_at timestamptz(3)`.execute(db);
  await sql`update report_jobs set claimed_at = started_at where started_at is not null`.execute(db);
  await sql`create index report_jobs_company_claims on report_jobs (company_id, claimed_at)`.execute(db);
}
