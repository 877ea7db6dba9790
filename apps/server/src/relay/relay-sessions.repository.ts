import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import { newPublicId } from '../http/ids.ts';
import { vpnAddress } from './vpn-address.ts';
import { batched, Failed, firstOfEachKey } from '../db/batched.ts';
import { runInTransaction } from '../db/transaction.ts';

export type SessionStart = { agentId: number; processId?: number | undefined };

/**
 * Starts the agent's VPN session (its "activeVpnSession"): any session still open for it (an
 * older connection, another process, a crash) ends first. The address comes from the agent's
 * platform server, or the built-in relay's range. Its data relay (mdr), which also carries its
 * logging data, is the company's own when it has one, else the shared built-in one. The session
 * names `processId`, this server process's own registration, as its relay when there is one.
 * Concurrent starts share one transaction (db/batched.ts); an agent that comes twice in a batch
 * starts its second session in the next one, so it ends the first as it would one at a time.
 */
export const startVpnSession = batched(async (db: Db, starts: SessionStart[]) => {
  const outcomes: (number | Failed)[] = [];
  // Indices into `starts` still to run; each round runs the earliest start of each agent left.
  let pending = starts.map((_, i) => i);
  while (pending.length > 0) {
    const { first, again } = firstOfEachKey(pending, (i) => starts[i]!.agentId);
    const round = first.map((k) => pending[k]!);
    const ids = await startDistinctSessions(
      db,
      round.map((i) => starts[i]!),
    );
    round.forEach((i, n) => (outcomes[i] = ids[n]!));
    pending = again.map((k) => pending[k]!);
  }
  return outcomes;
});

/** Starts one session for each of these agents, all different, in one transaction. */
async function startDistinctSessions(db: Db, starts: SessionStart[]): Promise<(number | Failed)[]> {
  const agentIds = starts.map((start) => start.agentId);
  return runInTransaction(db, async (trx) => {
    const now = new Date();
    // Locks the agents' rows (as an update of them would), in id order so that concurrent
    // batches never wait on each other in a cycle, and so that two attaching connections of one
    // agent take turns; reads each one's relay range and data relay in the same statement.
    const agents = await trx
      .selectFrom('agents as a')
      .leftJoinLateral(
        (eb) => {
          const platform = eb
            .selectFrom('platform_servers as ps')
            .select(['ps.id', 'ps.vpn_range'])
            // Its data relay: the company's own when it has one, else the shared built-in one.
            .select((inner) =>
              inner
                .selectFrom('platform_servers as mdr')
                .select('mdr.id')
                .where('mdr.type', '=', 'mdr')
                .where((or) =>
                  or.or([
                    or('mdr.company_id', 'is', null),
                    or('mdr.company_id', '=', or.ref('a.company_id')),
                  ]),
                )
                .orderBy(sql`mdr.company_id is null`)
                .orderBy('mdr.id')
                .limit(1)
                .as('mdr_id'),
            )
            .where('ps.type', '=', 'rsc')
            // Process registrations carry no range of their own: the configured relay's range applies.
            .where('ps.internal_url', 'is', null)
            // The agent's platform server, or else the built-in relay.
            .where((or) =>
              or.or([
                or('ps.id', '=', or.ref('a.platform_server_id')),
                or.and([or('a.platform_server_id', 'is', null), or('ps.company_id', 'is', null)]),
              ]),
            )
            .orderBy('ps.id')
            .limit(1);
          return platform.as('server');
        },
        (join) => join.onTrue(),
      )
      .select(['a.id', 'a.company_id', 'server.id as server_id', 'server.vpn_range', 'server.mdr_id'])
      .where('a.id', 'in', agentIds)
      .orderBy('a.id')
      .forNoKeyUpdate('a')
      .execute();
    const byId = new Map(agents.map((agent) => [agent.id, agent]));
    const startable = starts.filter((start) => byId.get(start.agentId)?.server_id != null);
    const sessionOf = new Map<number, number>();
    if (startable.length > 0) {
      const startableIds = startable.map((start) => start.agentId);
      // They are seen now, and any session still open for them ends first: in a statement of
      // its own, since an open session's unique key would refuse the new one in the same statement.
      await trx
        .with('seen', (cte) =>
          cte.updateTable('agents').set({ last_seen_at: now }).where('id', 'in', startableIds),
        )
        .updateTable('vpn_sessions')
        .set({ ended_at: now })
        .where('agent_id', 'in', startableIds)
        .where('ended_at', 'is', null)
        .execute();
      const sessions = await trx
        .insertInto('vpn_sessions')
        .values(
          startable.map(({ agentId, processId }) => {
            const agent = byId.get(agentId)!;
            return {
              public_id: newPublicId(),
              company_id: agent.company_id,
              agent_id: agentId,
              platform_server_id: processId ?? agent.server_id!,
              mdr_server_id: agent.mdr_id ?? null,
              logging_mdr_server_id: agent.mdr_id ?? null,
              vpn_address: vpnAddress(agent.vpn_range ?? '10.187.0.0/16', agentId),
            };
          }),
        )
        .returning(['id', 'agent_id'])
        .execute();
      for (const session of sessions) sessionOf.set(session.agent_id, session.id);
    }
    return starts.map(
      ({ agentId }) =>
        sessionOf.get(agentId) ??
        new Failed(new Error(`agent ${agentId} is gone or has no relay to attach to`)),
    );
  });
}

export type SessionEnd = { agentId: number; sessionId: number };

/**
 * Ends one VPN session; says whether the agent still has an open one (attached elsewhere).
 * Concurrent ends share their statements (a process shutting down with thousands of agents:
 * db/batched.ts).
 */
export const endVpnSession = batched(async (db: Db, ends: SessionEnd[]): Promise<boolean[]> => {
  const now = new Date();
  const agentIds = [...new Set(ends.map((end) => end.agentId))];
  await db
    .updateTable('vpn_sessions')
    .set({ ended_at: now })
    .where(
      'id',
      'in',
      ends.map((end) => end.sessionId),
    )
    .where('ended_at', 'is', null)
    .execute();
  await db.updateTable('agents').set({ last_seen_at: now }).where('id', 'in', agentIds).execute();
  const open = await db
    .selectFrom('vpn_sessions')
    .select('agent_id')
    .where('agent_id', 'in', agentIds)
    .where('ended_at', 'is', null)
    .execute();
  const attached = new Set(open.map((row) => row.agent_id));
  return ends.map((end) => attached.has(end.agentId));
});

/** Whether the agent is attached to a relay (of any server process). */
export async function isAgentAttached(db: Db, agentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('vpn_sessions')
    .select('id')
    .where('agent_id', '=', agentId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Attached agents are seen at every heartbeat; this is what tells live sessions from stale ones. */
export async function touchAgents(db: Db, agentIds: number[]): Promise<void> {
  if (agentIds.length === 0) return;
  await db.updateTable('agents').set({ last_seen_at: new Date() }).where('id', 'in', agentIds).execute();
}

/**
 * Ends sessions a process left open when it died: VPN sessions of agents not seen since
 * `staleBefore`, and client sessions older than that whose agent has no VPN session any more.
 * Live sessions of any process are seen at every heartbeat, so they are never swept.
 */
export async function sweepStaleSessions(db: Db, staleBefore: Date, liveClientIds: number[]): Promise<void> {
  const now = new Date();
  await db
    .updateTable('vpn_sessions')
    .set({ ended_at: now })
    .where('ended_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('agents')
          .select('agents.id')
          .whereRef('agents.id', '=', 'vpn_sessions.agent_id')
          // A relay always sets last_seen_at when it starts a session; rows without it are not its own.
          .where('agents.last_seen_at', '<', staleBefore),
      ),
    )
    .execute();
  let clients = db
    .updateTable('client_sessions')
    .set({ ended_at: now, end_reason: 'relay lost' })
    .where('ended_at', 'is', null)
    .where('started_at', '<', staleBefore)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('vpn_sessions')
            .select('vpn_sessions.id')
            .whereRef('vpn_sessions.agent_id', '=', 'client_sessions.agent_id')
            .where('vpn_sessions.ended_at', 'is', null),
        ),
      ),
    );
  if (liveClientIds.length > 0) clients = clients.where('id', 'not in', liveClientIds);
  await clients.execute();
}

export type ClientSessionStart = {
  companyId: number;
  agentId: number;
  userId: number;
  vpn: boolean;
  /** The server process carrying the session: it ends when that process is swept. */
  platformServerId?: number | undefined;
};

export async function insertClientSession(db: Db, session: ClientSessionStart): Promise<number> {
  const row = await db
    .insertInto('client_sessions')
    .values({
      public_id: newPublicId(),
      company_id: session.companyId,
      agent_id: session.agentId,
      user_id: session.userId,
      vpn: session.vpn,
      platform_server_id: session.platformServerId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Adds counted bytes to the session, and to the company's and the agent's usage of the day (UTC).
 * `up` (client → agent) is the usage's "in", bytes sent to the company's devices; `down` is "out".
 */
export async function recordUsage(
  db: Db,
  usage: { sessionId: number; companyId: number; agentId: number; up: number; down: number },
): Promise<void> {
  const day = new Date().toISOString().slice(0, 10);
  await runInTransaction(db, async (trx) => {
    await trx
      .updateTable('client_sessions')
      .set({
        bytes_up: sql`bytes_up + ${usage.up}`,
        bytes_down: sql`bytes_down + ${usage.down}`,
      })
      .where('id', '=', usage.sessionId)
      .execute();
    await trx
      .insertInto('company_data_usage')
      .values({
        company_id: usage.companyId,
        day,
        bytes: usage.up + usage.down,
        bytes_in: usage.up,
        bytes_out: usage.down,
      })
      .onConflict((oc) =>
        oc.columns(['company_id', 'day']).doUpdateSet({
          bytes: sql`company_data_usage.bytes + excluded.bytes`,
          bytes_in: sql`company_data_usage.bytes_in + excluded.bytes_in`,
          bytes_out: sql`company_data_usage.bytes_out + excluded.bytes_out`,
        }),
      )
      .execute();
    // A deleted agent's bytes stay in the company's total; its own row is gone with it.
    await trx
      .insertInto('agent_data_usage')
      .columns(['company_id', 'agent_id', 'day', 'bytes_in', 'bytes_out'])
      .expression((eb) =>
        eb
          .selectFrom('agents')
          .select([
            'company_id',
            'id',
            sql<string>`${day}::date`.as('day'),
            sql<string>`${usage.up}::bigint`.as('bytes_in'),
            sql<string>`${usage.down}::bigint`.as('bytes_out'),
          ])
          .where('id', '=', usage.agentId),
      )
      .onConflict((oc) =>
        oc.columns(['agent_id', 'day']).doUpdateSet({
          bytes_in: sql`agent_data_usage.bytes_in + excluded.bytes_in`,
          bytes_out: sql`agent_data_usage.bytes_out + excluded.bytes_out`,
        }),
      )
      .execute();
  });
}

export async function endClientSession(db: Db, sessionId: number, reason: string): Promise<void> {
  await db
    .updateTable('client_sessions')
    .set({ ended_at: new Date(), end_reason: reason.slice(0, 200) })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}
