import { sql, type Kysely } from 'kysely';

// Rate-limit counters shared by every server process on PostgreSQL (auth/limiters.ts), one row
// per limiter, scope and key, in the layout rate-limiter-flexible's RateLimiterPostgres uses.
// Created here rather than by the library at start-up: processes starting at once would race on
// the same CREATE TABLE, which PostgreSQL does not handle; migrations run one at a time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists rate_limits (
      key varchar(255) primary key,
      points integer not null default 0,
      -- Milliseconds since the epoch; null never expires.
      expire bigint
    )`.execute(db);
  // The login counters' table, which the library created before every limit moved to rate_limits.
  await sql`drop table if exists login_limits`.execute(db);
}
