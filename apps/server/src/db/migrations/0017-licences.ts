import { sql, type Kysely } from 'kysely';

// Licences the instance operator grants, coupons it prints, and the apps activated per agent.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A licence of a bundle type (contracts `licenceTypeCatalogue`) is a "licence bundle".
  await sql`
    create table licences (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      type text not null,
      seats integer not null check (seats >= 1),
      valid_from timestamptz(3) not null,
      valid_until timestamptz(3) not null check (valid_until > valid_from),
      granted_by text not null,
      created_at timestamptz(3) not null default clock_timestamp()
    )`.execute(db);
  await sql`create index licences_company_page on licences (company_id, created_at, public_id)`.execute(db);

  // The code is a bearer secret: only its SHA-256 is kept. Redeeming sets redeemed_at once.
  await sql`
    create table coupons (
      id integer generated always as identity primary key,
      code_hash text not null unique,
      type text not null,
      days integer not null check (days >= 1),
      created_at timestamptz(3) not null default clock_timestamp(),
      redeemed_at timestamptz(3),
      redeemed_by_company_id integer references companies(id) on delete set null
    )`.execute(db);

  // ends_on is null for licence and bundle activations: they end with their licence.
  await sql`
    create table agent_app_activations (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      agent_id integer not null references agents(id) on delete cascade,
      app text not null check (app in ('dataLogging', 'alarming')),
      source text not null check (source in ('trial', 'licence', 'coupon', 'bundle')),
      licence_id integer references licences(id) on delete cascade,
      coupon_id integer references coupons(id) on delete set null,
      starts_on timestamptz(3) not null,
      ends_on timestamptz(3),
      deactivated_at timestamptz(3),
      created_at timestamptz(3) not null default clock_timestamp(),
      check ((source in ('licence', 'bundle')) = (licence_id is not null)),
      check ((source in ('licence', 'bundle')) = (ends_on is null))
    )`.execute(db);
  // One open activation per agent and app; an activation that ran out is closed (deactivated_at
  // set) before a new one starts, so the index settles concurrent activations.
  await sql`
    create unique index agent_app_activations_open on agent_app_activations (agent_id, app)
    where deactivated_at is null`.execute(db);
  // One trial per agent and app, ever: the row stays after deactivation.
  await sql`
    create unique index agent_app_activations_trial on agent_app_activations (agent_id, app)
    where source = 'trial'`.execute(db);
  await sql`
    create index agent_app_activations_licence on agent_app_activations (licence_id)
    where deactivated_at is null`.execute(db);
}
