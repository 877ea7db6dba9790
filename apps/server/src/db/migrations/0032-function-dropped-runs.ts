import { sql, type Kysely } from 'kysely';

// Function runs wait in the job queue (name 'functions.run'), so none is lost when a process
// stops. Each carries its company, so a worker can hand free slots out fairly between companies
// and a company's backlog is bounded on its own (a deleted company's waiting runs go with it).
// Runs a subscription lost because its company's queue was full are counted on the subscription
// (BackendComponentMessageSubscription.droppedRuns) rather than silently missing messages.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table backend_component_message_subscriptions
      add column if not exists dropped_runs integer not null default 0`.execute(db);
  await sql`
    alter table jobs
      add column if not exists company_id integer references companies (id) on delete cascade`.execute(db);
  // Not only the waiting and running jobs: deleting a company deletes all of its jobs through
  // the cascade, which would otherwise read the whole table (done jobs are kept for a while).
  await sql`
    create index if not exists jobs_company on jobs (company_id, state)
    where company_id is not null`.execute(db);
}
