import { sql, type Kysely } from 'kysely';

// Runs a subscription lost because its company's function queue was full: the company sees that
// its functions fell behind (BackendComponentMessageSubscription.droppedRuns) rather than
// silently missing messages.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table backend_component_message_subscriptions
      add column if not exists dropped_runs integer not null default 0`.execute(db);
}
