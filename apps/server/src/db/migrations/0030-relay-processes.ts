import { sql, type Kysely } from 'kysely';

// Relays as platform servers (issue 18): every server process registers itself as an `rsc`
// platform server with the address other processes reach it at and a heartbeat. Process rows
// are the ones with an internal_url; the built-in row (internal_url null) keeps the VPN range.
// Each beat also sets expires_at (the database's clock plus the process's own allowance), so
// processes with different intervals never take each other for dead. A row past it is swept by
// a live process and marked stopped; it stays, since ended VPN sessions still name it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table platform_servers
      add column internal_url text,
      add column heartbeat_at timestamptz(3),
      add column expires_at timestamptz(3),
      add column stopped_at timestamptz(3)`.execute(db);
  await sql`create index platform_servers_live on platform_servers (expires_at) where internal_url is not null and stopped_at is null`.execute(
    db,
  );
  // Which process carries a client session, so a dead process's sessions end with it.
  await sql`alter table client_sessions add column platform_server_id integer references platform_servers(id)`.execute(
    db,
  );
  // The sweep ends a dead process's open sessions by its row.
  await sql`create index vpn_sessions_open_by_server on vpn_sessions (platform_server_id) where ended_at is null`.execute(
    db,
  );
}
