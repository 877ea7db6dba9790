import { sql } from 'kysely';
import type { ServiceType } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { loadAgentAppStates, type AgentAppStates } from '../licences/app-activation.ts';

/** Case-insensitive name order, the same on every database collation. */
const byName = (column: string) => sql`lower(${sql.ref(column)})`;

type Named = { public_id: string; name: string };

export type AgentServerDetail = Named & {
  id: number;
  host: string;
  port: number;
  require_access_approval: boolean;
  service_group: string | null;
  type: ServiceType;
  accept_self_signed: boolean;
};

/** An agent with everything its presentation shows, loaded in a fixed number of queries. */
export type AgentDetails = Awaited<ReturnType<typeof loadAgentRows>>[number] & {
  servers: AgentServerDetail[];
  groups: (Named & { membership_public_id: string })[];
  assets: Named[];
  connectedUsers: Named[];
  /** Data logging and alarming on the agent (licences module). */
  appStates: AgentAppStates;
  /** What the agent's data logging stored (data-logging module). */
  loggingState: { samples_stored: string; samples_dropped: string; last_sample_at: Date | null } | undefined;
};

function loadAgentRows(db: Db, ids: number[]) {
  return (
    db
      .selectFrom('agents')
      .leftJoin('companies as controller', 'controller.id', 'agents.controlled_by_company_id')
      // At most one open session per agent (unique partial index vpn_sessions_active_key).
      .leftJoin('vpn_sessions as vpn', (join) =>
        join.onRef('vpn.agent_id', '=', 'agents.id').on('vpn.ended_at', 'is', null),
      )
      .leftJoin('platform_servers as rsc', 'rsc.id', 'vpn.platform_server_id')
      .leftJoin('router_display_screensavers as screensaver', 'screensaver.agent_id', 'agents.id')
      .leftJoin('platform_servers as mdr', 'mdr.id', 'vpn.mdr_server_id')
      .leftJoin('platform_servers as logging_mdr', 'logging_mdr.id', 'vpn.logging_mdr_server_id')
      .selectAll('agents')
      .select([
        'controller.public_id as controlled_by_public_id',
        'vpn.public_id as vpn_session_public_id',
        'vpn.vpn_address',
        'rsc.public_id as rsc_public_id',
        'rsc.name as rsc_name',
        'screensaver.public_id as screensaver_public_id',
        'mdr.public_id as mdr_public_id',
        'mdr.name as mdr_name',
        'logging_mdr.public_id as logging_mdr_public_id',
        'logging_mdr.name as logging_mdr_name',
      ])
      .where('agents.id', 'in', ids)
      .execute()
  );
}

/** Groups rows by agent id. */
function byAgent<T extends { agent_id: number }>(rows: T[]) {
  const map = new Map<number, Omit<T, 'agent_id'>[]>();
  for (const { agent_id, ...rest } of rows) {
    const list = map.get(agent_id) ?? [];
    list.push(rest);
    map.set(agent_id, list);
  }
  return map;
}

/** Loads the agents with these ids, in this order, with their servers, groups, assets and users. */
export async function loadAgentDetails(db: Db, ids: number[]): Promise<AgentDetails[]> {
  if (ids.length === 0) return [];
  const [agents, servers, groups, assets, users, appStates, loggingStates] = await Promise.all([
    loadAgentRows(db, ids),
    db
      .selectFrom('agent_servers')
      .select(['agent_id', 'id', 'public_id', 'name', 'host', 'port', 'require_access_approval'])
      .select(['service_group', 'type', 'accept_self_signed'])
      .where('agent_id', 'in', ids)
      .orderBy(byName('name'))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('agent_groups')
      .innerJoin('groups', 'groups.id', 'agent_groups.group_id')
      .select(['agent_groups.agent_id', 'agent_groups.public_id as membership_public_id'])
      .select(['groups.public_id', 'groups.name'])
      .where('agent_groups.agent_id', 'in', ids)
      .orderBy(byName('groups.name'))
      .orderBy('groups.id')
      .execute(),
    db
      .selectFrom('assets')
      .select(['agent_id as agent_id', 'public_id', 'name'])
      .where('agent_id', 'in', ids)
      .orderBy(byName('name'))
      .orderBy('id')
      .$narrowType<{ agent_id: number }>()
      .execute(),
    // A user with several open tunnels to the agent is listed once.
    db
      .selectFrom('client_sessions')
      .innerJoin('users', 'users.id', 'client_sessions.user_id')
      .select(['client_sessions.agent_id', 'users.public_id', 'users.name'])
      .where('client_sessions.agent_id', 'in', ids)
      .where('client_sessions.ended_at', 'is', null)
      .groupBy(['client_sessions.agent_id', 'users.id', 'users.public_id', 'users.name'])
      .orderBy(byName('users.name'))
      .orderBy('users.public_id')
      .execute(),
    loadAgentAppStates(db, ids),
    db
      .selectFrom('agent_logging_states')
      .select(['agent_id', 'samples_stored', 'samples_dropped', 'last_sample_at'])
      .where('agent_id', 'in', ids)
      .execute(),
  ]);
  const loggingOf = new Map(loggingStates.map((row) => [row.agent_id, row]));
  const serversOf = byAgent(servers);
  const groupsOf = byAgent(groups);
  const assetsOf = byAgent(assets);
  const usersOf = byAgent(users);
  const rowsById = new Map(agents.map((agent) => [agent.id, agent]));
  return ids.flatMap((id) => {
    const agent = rowsById.get(id);
    if (!agent) return [];
    return [
      {
        ...agent,
        servers: serversOf.get(id) ?? [],
        groups: groupsOf.get(id) ?? [],
        assets: assetsOf.get(id) ?? [],
        connectedUsers: usersOf.get(id) ?? [],
        loggingState: loggingOf.get(id),
        appStates: appStates.get(id)!,
      },
    ];
  });
}
