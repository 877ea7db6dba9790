import { sql, type Kysely } from 'kysely';
import { newPublicId } from '../../http/ids.ts';

/**
 * Data usage by direction and agent, and the built-in data relay (mdr).
 *
 * Direction, said once: "in" = bytes sent to the company's devices (client → agent), "out" =
 * bytes from its devices (agent → client).
 *
 * company_data_usage stays the company's total per day and keeps it when an agent is deleted
 * (agent_data_usage rows go with their agent, by cascade). Its `bytes` stays the day's total;
 * days counted before this migration have no direction, so their `bytes` exceed
 * `bytes_in + bytes_out` (shown as "direction not recorded"); nothing is guessed for them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table company_data_usage
      add column bytes_in bigint not null default 0,
      add column bytes_out bigint not null default 0`.execute(db);

  await sql`
    create table agent_data_usage (
      company_id integer not null references companies(id) on delete cascade,
      agent_id integer not null references agents(id) on delete cascade,
      day date not null,
      bytes_in bigint not null default 0,
      bytes_out bigint not null default 0,
      primary key (agent_id, day)
    )`.execute(db);
  await sql`create index agent_data_usage_company_day on agent_data_usage (company_id, day)`.execute(db);

  // Logging data goes through the server process too: its data relay, offered to every company.
  await sql`
    insert into platform_servers (public_id, name, type, location, vpn_range)
    values (${newPublicId()}, 'Built-in data relay', 'mdr', 'local', null)`.execute(db);

  // An attached agent's data relays, next to its relay (rsc) server.
  await sql`
    alter table vpn_sessions
      add column mdr_server_id integer references platform_servers(id),
      add column logging_mdr_server_id integer references platform_servers(id)`.execute(db);
}
