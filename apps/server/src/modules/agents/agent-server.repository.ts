import { sql } from 'kysely';
import { defaultServiceType, errorMessages, type ServiceType } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery, Viewer } from '../../http/resource.ts';
import { agentVisibility } from './agent-visibility.ts';

export type AgentServerColumns = {
  name: string;
  host: string;
  port: number;
  requireAccessApproval?: boolean | undefined;
  serviceGroup?: string | null | undefined;
  /** Omitted: the default by port. */
  type?: ServiceType | undefined;
  acceptSelfSigned?: boolean | undefined;
};

function selectAgentServers(db: Db, companyId: number) {
  return db
    .selectFrom('agent_servers')
    .innerJoin('agents', 'agents.id', 'agent_servers.agent_id')
    .selectAll('agent_servers')
    .select(['agents.public_id as agent_public_id', 'agents.name as agent_name'])
    .where('agent_servers.company_id', '=', companyId);
}

export type AgentServerView = Awaited<ReturnType<typeof listAgentServers>>[number];

/** Services are visible with their agent (agent-visibility.ts). */
export function listAgentServers(db: Db, companyId: number, query: ListQuery, viewer: Viewer) {
  let select = selectAgentServers(db, companyId);
  const visible = agentVisibility(viewer, sql.ref<number>('agents.id'));
  if (visible) select = select.where(visible);
  return keysetPage(select, 'agent_servers', query).execute();
}

export function findAgentServersByPublicIds(
  db: Db,
  companyId: number,
  publicIds: string[],
  forUpdate = false,
  viewer?: Viewer,
) {
  let select = selectAgentServers(db, companyId).where('agent_servers.public_id', 'in', publicIds);
  const visible = viewer && agentVisibility(viewer, sql.ref<number>('agents.id'));
  if (visible) select = select.where(visible);
  if (forUpdate) select = select.forUpdate(['agent_servers']);
  return select.execute();
}

export function findAgentServerView(db: Db, companyId: number, id: number) {
  return selectAgentServers(db, companyId).where('agent_servers.id', '=', id).executeTakeFirstOrThrow();
}

export function insertAgentServer(db: Db, companyId: number, agentId: number, server: AgentServerColumns) {
  return db
    .insertInto('agent_servers')
    .values({
      public_id: newPublicId(),
      company_id: companyId,
      agent_id: agentId,
      name: server.name,
      host: server.host,
      port: server.port,
      require_access_approval: server.requireAccessApproval ?? false,
      service_group: server.serviceGroup || null,
      type: server.type ?? defaultServiceType(server.port),
      accept_self_signed: server.acceptSelfSigned ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateAgentServer(db: Db, id: number, changes: Partial<AgentServerColumns>) {
  const columns = {
    ...(changes.name === undefined ? {} : { name: changes.name }),
    ...(changes.host === undefined ? {} : { host: changes.host }),
    ...(changes.port === undefined ? {} : { port: changes.port }),
    ...(changes.requireAccessApproval === undefined
      ? {}
      : { require_access_approval: changes.requireAccessApproval }),
    ...(changes.serviceGroup === undefined ? {} : { service_group: changes.serviceGroup || null }),
    ...(changes.type === undefined ? {} : { type: changes.type }),
    ...(changes.acceptSelfSigned === undefined ? {} : { accept_self_signed: changes.acceptSelfSigned }),
  };
  if (Object.keys(columns).length === 0) return;
  await db.updateTable('agent_servers').set(columns).where('id', '=', id).execute();
}

export async function deleteAgentServer(db: Db, id: number) {
  await db.deleteFrom('agent_servers').where('id', '=', id).execute();
}

/** The agent's service with this name, ignoring case (names are unique per agent that way). */
export function findAgentServerByName(db: Db, agentId: number, name: string) {
  return db
    .selectFrom('agent_servers')
    .select(['id'])
    .where('agent_id', '=', agentId)
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .executeTakeFirst();
}

/** Names in one list must differ, ignoring case: 409 NAME_ALREADY_IN_USE at the second one. */
export function assertServerNamesDistinct(servers: { name: string }[], path: string) {
  const seen = new Set<string>();
  servers.forEach((server, i) => {
    const key = server.name.toLowerCase();
    if (seen.has(key)) throw conflict(errorMessages.nameInUse, `${path}.${i}.name`);
    seen.add(key);
  });
}
