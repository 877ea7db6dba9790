import { sql, type Kysely } from 'kysely';

// The optional modules a company installed (`/apps`). Uninstalling deletes the row only: the
// app's data stays until the company deletes it. `config` holds the app's settings (AppConfigUpdate).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table company_apps (
      company_id integer not null references companies(id) on delete cascade,
      app text not null,
      config jsonb not null default '{}',
      installed_at timestamptz(3) not null default clock_timestamp(),
      installed_by_user_id integer references users(id) on delete set null,
      primary key (company_id, app)
    )`.execute(db);
}
