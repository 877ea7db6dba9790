import { sql, type Kysely } from 'kysely';

// Web access: a device's web pages and VNC screen in the browser through the relay, and access
// requests for assets.
export async function up(db: Kysely<unknown>): Promise<void> {
  // How a service is reached in the browser: http/https through a session host, vnc in the
  // portal's viewer, tcp only through the connector. Existing services get the default by port.
  await sql`alter table agent_servers add column type text not null default 'tcp'
    check (type in ('http', 'https', 'vnc', 'tcp'))`.execute(db);
  await sql`update agent_servers set type = case
      when port in (80, 8000, 8008, 8080, 8081, 8888) then 'http'
      when port in (443, 8443) then 'https'
      when port between 5900 and 5999 then 'vnc'
      else 'tcp' end`.execute(db);
  // An https service with a self-signed certificate is accepted only when the service says so.
  await sql`alter table agent_servers add column accept_self_signed boolean not null default false`.execute(
    db,
  );

  // A request may be made for an asset; agent_id is then the asset's agent at the time.
  await sql`alter table access_requests add column asset_id integer references assets(id) on delete set null`.execute(
    db,
  );
  await sql`create index access_requests_asset on access_requests (asset_id) where asset_id is not null`.execute(
    db,
  );

  // One browser's web access to one service: an HTTP session on its own host name
  // (<host_id>.<WEB_ACCESS_DOMAIN>), or a VNC viewer's WebSocket. The single-use token of its
  // first URL is exchanged for the cookie (HTTP) or the WebSocket (VNC); both are kept hashed.
  // Its bytes and its place among the agent's connected users are its client session's.
  await sql`
    create table web_access_sessions (
      id integer generated always as identity primary key,
      public_id text not null unique,
      host_id text not null unique,
      company_id integer not null references companies(id) on delete cascade,
      agent_id integer not null references agents(id) on delete cascade,
      agent_server_id integer not null references agent_servers(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      kind text not null check (kind in ('http', 'vnc')),
      view_only boolean not null default false,
      token_hash text not null unique,
      token_expires_on timestamptz(3) not null,
      token_used_at timestamptz(3),
      cookie_hash text unique,
      client_session_id integer references client_sessions(id) on delete set null,
      created_at timestamptz(3) not null default clock_timestamp(),
      last_used_at timestamptz(3) not null default clock_timestamp(),
      ended_at timestamptz(3),
      end_reason text
    )`.execute(db);
  await sql`create index web_access_sessions_open on web_access_sessions (agent_id) where ended_at is null`.execute(
    db,
  );
  await sql`create index web_access_sessions_user on web_access_sessions (user_id, created_at)`.execute(db);
}
