import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import { newPublicId } from '../http/ids.ts';

/** This server process as a platform server: its row and the address other processes use. */
export type ProcessRegistration = { id: number; name: string; internalUrl: string };

/** A live process's relay as another process reaches it. */
export type PeerProcess = { id: number; internalUrl: string };

/** The database's clock, so processes on hosts whose clocks differ agree on who is late. */
const dbNow = sql<Date>`clock_timestamp()`;
const expiresIn = (staleMs: number) =>
  sql<Date>`clock_timestamp() + make_interval(secs => ${staleMs / 1000})`;

/** An agent whose VPN session a sweep ended, for the device-offline events. */
export type EndedAgent = { agentId: number; publicId: string; companyId: number; stillAttached: boolean };

/**
 * Registers this process as an `rsc` platform server (company_id null, internal_url set). A row
 * of the same name that a stopped process left is taken over, so a restart with a fixed
 * SERVER_NAME keeps its row; a live one of that name keeps it and this process gets a suffix.
 */
export async function registerProcess(
  db: Db,
  wanted: { name: string; location: string; internalUrl: string; staleMs: number },
): Promise<ProcessRegistration> {
  const alive = { heartbeat_at: dbNow, expires_at: expiresIn(wanted.staleMs) };
  const reused = await db
    .updateTable('platform_servers')
    .set({ internal_url: wanted.internalUrl, location: wanted.location, ...alive, stopped_at: null })
    .where('name', '=', wanted.name)
    .where('type', '=', 'rsc')
    .where('company_id', 'is', null)
    .where('internal_url', 'is not', null)
    .where('stopped_at', 'is not', null)
    .returning(['id', 'name'])
    .executeTakeFirst();
  if (reused) return { ...reused, internalUrl: wanted.internalUrl };
  const taken = await db
    .selectFrom('platform_servers')
    .select('id')
    .where('name', '=', wanted.name)
    .where('company_id', 'is', null)
    .executeTakeFirst();
  const name = taken ? `${wanted.name}-${randomBytes(3).toString('hex')}` : wanted.name;
  const row = await db
    .insertInto('platform_servers')
    .values({
      public_id: newPublicId(),
      company_id: null,
      name,
      type: 'rsc',
      location: wanted.location,
      vpn_range: null,
      internal_url: wanted.internalUrl,
      ...alive,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return { ...row, internalUrl: wanted.internalUrl };
}

/**
 * Beats this process's heartbeat: it counts as alive for `staleMs` more. False when its
 * registration was swept (it was taken for dead).
 */
export async function beat(db: Db, id: number, staleMs: number): Promise<boolean> {
  const row = await db
    .updateTable('platform_servers')
    .set({ heartbeat_at: dbNow, expires_at: expiresIn(staleMs) })
    .where('id', '=', id)
    .where('stopped_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the registration stopped (graceful close) and ends whatever sessions it still has open. */
export async function deregisterProcess(db: Db, id: number): Promise<EndedAgent[]> {
  await db
    .updateTable('platform_servers')
    .set({ stopped_at: dbNow })
    .where('id', '=', id)
    .where('stopped_at', 'is', null)
    .execute();
  return endSessionsOfStoppedProcesses(db);
}

/**
 * Marks processes whose heartbeat ran out (each by its own allowance) stopped, then ends the
 * open VPN and client sessions of every stopped process. The mark is one conditional update, so
 * of several processes sweeping at once one wins each row; the second step also finishes what a
 * sweeper that died half way left.
 */
export async function sweepStaleProcesses(db: Db): Promise<EndedAgent[]> {
  await db
    .updateTable('platform_servers')
    .set({ stopped_at: dbNow })
    .where('internal_url', 'is not', null)
    .where('stopped_at', 'is', null)
    .where('expires_at', '<', dbNow)
    .execute();
  return endSessionsOfStoppedProcesses(db);
}

async function endSessionsOfStoppedProcesses(db: Db): Promise<EndedAgent[]> {
  const now = new Date();
  const stopped = db
    .selectFrom('platform_servers')
    .select('id')
    .where('internal_url', 'is not', null)
    .where('stopped_at', 'is not', null);
  const ended = await db
    .updateTable('vpn_sessions')
    .set({ ended_at: now })
    .where('ended_at', 'is', null)
    .where('platform_server_id', 'in', stopped)
    .returning(['agent_id', 'company_id'])
    .execute();
  await db
    .updateTable('client_sessions')
    .set({ ended_at: now, end_reason: 'relay lost' })
    .where('ended_at', 'is', null)
    .where('platform_server_id', 'in', stopped)
    .execute();
  if (ended.length === 0) return [];
  const agentIds = [...new Set(ended.map((e) => e.agent_id))];
  const agents = await db
    .selectFrom('agents')
    .select(['id', 'public_id', 'company_id'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('vpn_sessions')
            .select('vpn_sessions.id')
            .whereRef('vpn_sessions.agent_id', '=', 'agents.id')
            .where('vpn_sessions.ended_at', 'is', null),
        )
        .as('attached'),
    )
    .where('id', 'in', agentIds)
    .execute();
  return agents.map((a) => ({
    agentId: a.id,
    publicId: a.public_id,
    companyId: a.company_id,
    stillAttached: Boolean(a.attached),
  }));
}

/** The live process holding the agent's open VPN session, with that session's id. */
export async function findAgentProcess(
  db: Db,
  agentId: number,
): Promise<(PeerProcess & { vpnSessionId: number; agentPublicId: string }) | undefined> {
  const row = await db
    .selectFrom('vpn_sessions')
    .innerJoin('platform_servers', 'platform_servers.id', 'vpn_sessions.platform_server_id')
    .innerJoin('agents', 'agents.id', 'vpn_sessions.agent_id')
    .select([
      'platform_servers.id',
      'platform_servers.internal_url',
      'vpn_sessions.id as vpn_session_id',
      'agents.public_id',
    ])
    .where('vpn_sessions.agent_id', '=', agentId)
    .where('vpn_sessions.ended_at', 'is', null)
    .where('platform_servers.internal_url', 'is not', null)
    .where('platform_servers.stopped_at', 'is', null)
    .orderBy('vpn_sessions.id', 'desc')
    .executeTakeFirst();
  if (!row?.internal_url) return undefined;
  return {
    id: row.id,
    internalUrl: row.internal_url,
    vpnSessionId: row.vpn_session_id,
    agentPublicId: row.public_id,
  };
}
