import { sql, type Kysely } from 'kysely';

const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

// Webhooks (issue 17): a company's outgoing HTTP calls on domain events, signed and retried.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhooks (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      url text not null,
      event_types jsonb not null default '[]',
      enabled boolean not null default true,
      -- The signing key, sealed (auth/secret-box.ts): the server signs with it, so it cannot be hashed.
      secret_sealed text not null,
      created_at ${createdAt},
      updated_at ${createdAt},
      unique (company_id, name)
    )`.execute(db);

  // One call to one webhook. `body` is the exact JSON sent, so every attempt signs the same bytes.
  await sql`
    create table webhook_deliveries (
      id bigint generated always as identity primary key,
      public_id text not null unique,
      webhook_id integer not null references webhooks(id) on delete cascade,
      company_id integer not null references companies(id) on delete cascade,
      event_type text not null,
      body text not null,
      state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
      attempts integer not null default 0,
      -- A claimed delivery's time moves past the attempt's lease, so a crashed sender's claim runs out.
      next_attempt_at timestamptz(3) not null,
      last_attempt_at timestamptz(3),
      finished_at timestamptz(3),
      duration_ms integer,
      response_status integer,
      response_snippet text,
      error text,
      created_at ${createdAt}
    )`.execute(db);
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where state = 'pending'`.execute(
    db,
  );
  await sql`create index webhook_deliveries_webhook on webhook_deliveries (webhook_id, created_at desc, public_id desc)`.execute(
    db,
  );
  await sql`create index webhook_deliveries_finished on webhook_deliveries (finished_at) where state <> 'pending'`.execute(
    db,
  );
}
