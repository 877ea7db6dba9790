import { sql, type Kysely } from 'kysely';
import { newPublicId } from '../../http/ids.ts';

const createdAt = sql`timestamptz(3) not null default clock_timestamp()`;

/** Devices (agents and their LAN services), the relay's sessions, access requests and jump-start links. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Relay (rsc) and data (mdr) servers. company_id null: offered to every company.
  await sql`
    create table platform_servers (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer references companies(id) on delete cascade,
      name text not null,
      type text not null check (type in ('rsc', 'mdr')),
      location text not null,
      vpn_range text,
      created_at ${createdAt}
    )`.execute(db);
  // The relay built into every server process; agents' VPN addresses come from its range.
  await sql`
    insert into platform_servers (public_id, name, type, location, vpn_range)
    values (${newPublicId()}, 'Built-in relay', 'rsc', 'local', '10.187.0.0/16')`.execute(db);

  await sql`
    create table agents (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      name text not null,
      vpn_locked boolean not null default false,
      web_access_locked boolean not null default false,
      vpn_require_access_approval boolean not null default false,
      controlled_by_company_id integer references companies(id) on delete set null,
      use_stunnel boolean not null default false,
      platform_server_id integer references platform_servers(id),
      -- One-time enrolment token, then the agent's own credential; only SHA-256 hashes are kept.
      enrolment_token_hash text unique,
      enrolment_expires_on timestamptz(3),
      credential_hash text unique,
      enrolled_at timestamptz(3),
      last_seen_at timestamptz(3),
      -- Connection-attempt limiting (soft: retry after 30 s / 5 min; hard: refused until reset).
      rate_limit text check (rate_limit in ('soft', 'hard')),
      rate_limit_counter integer not null default 0,
      rate_limit_last_hit timestamptz(3),
      created_at ${createdAt}
    )`.execute(db);
  await sql`create index agents_company_page on agents (company_id, created_at, public_id)`.execute(db);

  // The agent's LAN services ("servers" in the specs).
  await sql`
    create table agent_servers (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      agent_id integer not null references agents(id) on delete cascade,
      name text not null,
      host text not null,
      port integer not null check (port between 1 and 65535),
      require_access_approval boolean not null default false,
      service_group text,
      created_at ${createdAt}
    )`.execute(db);
  await sql`create unique index agent_servers_agent_name_key on agent_servers (agent_id, lower(name))`.execute(
    db,
  );

  // Agents in groups ("memberships" of an agent).
  await sql`
    create table agent_groups (
      agent_id integer not null references agents(id) on delete cascade,
      group_id integer not null references groups(id) on delete cascade,
      created_at ${createdAt},
      primary key (agent_id, group_id)
    )`.execute(db);
  await sql`create index agent_groups_group on agent_groups (group_id)`.execute(db);

  // Device rights granted through a group: the role's capabilities apply to the group's agents
  // (and those of its subgroups).
  await sql`
    create table group_members (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      group_id integer not null references groups(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      role_id integer not null references roles(id) on delete cascade,
      created_at ${createdAt}
    )`.execute(db);
  await sql`create unique index group_members_group_user_key on group_members (group_id, user_id)`.execute(
    db,
  );
  await sql`create index group_members_user on group_members (user_id)`.execute(db);

  await sql`alter table assets add column agent_id integer references agents(id) on delete set null`.execute(
    db,
  );
  await sql`create index assets_agent on assets (agent_id)`.execute(db);

  // An agent attached to a relay: its "activeVpnSession" while ended_at is null.
  await sql`
    create table vpn_sessions (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      agent_id integer not null references agents(id) on delete cascade,
      platform_server_id integer not null references platform_servers(id),
      vpn_address text not null,
      started_at timestamptz(3) not null default clock_timestamp(),
      ended_at timestamptz(3)
    )`.execute(db);
  await sql`create unique index vpn_sessions_active_key on vpn_sessions (agent_id) where ended_at is null`.execute(
    db,
  );

  // A user's tunnel to an agent through the relay: the agent's "connectedUsers" while open.
  await sql`
    create table client_sessions (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      agent_id integer not null references agents(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      vpn boolean not null,
      bytes_up bigint not null default 0,
      bytes_down bigint not null default 0,
      started_at timestamptz(3) not null default clock_timestamp(),
      ended_at timestamptz(3),
      end_reason text
    )`.execute(db);
  await sql`create index client_sessions_agent_open on client_sessions (agent_id) where ended_at is null`.execute(
    db,
  );

  // Bytes carried by the relay per company and day (data usage).
  await sql`
    create table company_data_usage (
      company_id integer not null references companies(id) on delete cascade,
      day date not null,
      bytes bigint not null default 0,
      primary key (company_id, day)
    )`.execute(db);

  await sql`
    create table access_requests (
      id integer generated always as identity primary key,
      public_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      agent_id integer not null references agents(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      vpn boolean not null,
      starts_on timestamptz(3) not null,
      ends_on timestamptz(3) not null,
      reason text not null,
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'revoked')),
      decided_by_user_id integer references users(id) on delete set null,
      decided_at timestamptz(3),
      created_at ${createdAt},
      check (ends_on > starts_on)
    )`.execute(db);
  await sql`create index access_requests_company_page on access_requests (company_id, created_at, public_id)`.execute(
    db,
  );
  await sql`create index access_requests_user_agent on access_requests (user_id, agent_id, status)`.execute(
    db,
  );
  await sql`
    create table access_request_servers (
      access_request_id integer not null references access_requests(id) on delete cascade,
      agent_server_id integer not null references agent_servers(id) on delete cascade,
      primary key (access_request_id, agent_server_id)
    )`.execute(db);
  await sql`
    create table access_request_approvers (
      access_request_id integer not null references access_requests(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      primary key (access_request_id, user_id)
    )`.execute(db);
  await sql`create index access_request_approvers_user on access_request_approvers (user_id)`.execute(db);

  // Short-lived, single-use permission to open one relay session (hash of the secret only).
  await sql`
    create table relay_tickets (
      id integer generated always as identity primary key,
      secret_hash text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      agent_id integer not null references agents(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      vpn boolean not null,
      server_ids integer[] not null,
      expires_on timestamptz(3) not null,
      used_at timestamptz(3),
      created_at ${createdAt}
    )`.execute(db);

  // Jump-start links are access tokens that can only be exchanged, once, for a session.
  await sql`alter table access_tokens add column exchange_only boolean not null default false`.execute(db);
}
