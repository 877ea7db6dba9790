import { once } from 'node:events';
import WebSocket from 'ws';
import { Multiplexer, type TunnelStream } from '@fleetgate/tunnel-protocol';
import type { TunnelTicket } from '@fleetgate/contracts';
import { hashSecret, newSecret } from '../auth/secrets.ts';
import type { Db } from '../db/client.ts';
import { newPublicId } from '../http/ids.ts';
import { AgentRunner } from '../../../agent/src/agent-runner.ts';
import type { LanService } from '../../../agent/src/services.ts';

/** Test helpers for the relay: rows inserted directly, a raw relay client, an in-process agent. */

export type SeededServer = { id: number; publicId: string; name: string };
export type SeededAgent = { id: number; publicId: string; credential: string; servers: SeededServer[] };

export async function idOf(db: Db, table: 'companies' | 'users', publicId: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An enrolled agent (credential hash set) with LAN services, as the agents module would create it. */
export async function seedAgent(
  db: Db,
  companyPublicId: string,
  options: {
    servers: (LanService & { requireAccessApproval?: boolean })[];
    vpnLocked?: boolean;
    webAccessLocked?: boolean;
    vpnRequireAccessApproval?: boolean;
  },
): Promise<SeededAgent> {
  const companyId = await idOf(db, 'companies', companyPublicId);
  const credential = newSecret();
  const agent = await db
    .insertInto('agents')
    .values({
      public_id: newPublicId(),
      company_id: companyId,
      name: `Agent ${newPublicId()}`,
      vpn_locked: options.vpnLocked ?? false,
      web_access_locked: options.webAccessLocked ?? false,
      vpn_require_access_approval: options.vpnRequireAccessApproval ?? false,
      credential_hash: hashSecret(credential),
      enrolled_at: new Date(),
      platform_server_id: null,
      controlled_by_company_id: null,
      enrolment_token_hash: null,
      enrolment_expires_on: null,
      last_seen_at: null,
      rate_limit: null,
      rate_limit_last_hit: null,
    })
    .returning(['id', 'public_id'])
    .executeTakeFirstOrThrow();
  const servers: SeededServer[] = [];
  for (const server of options.servers) {
    const row = await db
      .insertInto('agent_servers')
      .values({
        public_id: newPublicId(),
        company_id: companyId,
        agent_id: agent.id,
        name: server.name,
        host: server.host,
        port: server.port,
        require_access_approval: server.requireAccessApproval ?? false,
        ...(server.type ? { type: server.type } : {}),
        service_group: null,
      })
      .returning(['id', 'public_id', 'name'])
      .executeTakeFirstOrThrow();
    servers.push({ id: row.id, publicId: row.public_id, name: row.name });
  }
  return { id: agent.id, publicId: agent.public_id, credential, servers };
}

/** An access request of `userPublicId` for the agent, approved (or in another status). */
export async function seedAccessRequest(
  db: Db,
  agent: SeededAgent,
  userPublicId: string,
  options: { vpn: boolean; serverIds?: number[]; endsOn?: Date; status?: 'approved' | 'pending' },
): Promise<number> {
  const userId = await idOf(db, 'users', userPublicId);
  const { company_id } = await db
    .selectFrom('agents')
    .select('company_id')
    .where('id', '=', agent.id)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('access_requests')
    .values({
      public_id: newPublicId(),
      company_id,
      agent_id: agent.id,
      user_id: userId,
      vpn: options.vpn,
      starts_on: new Date(Date.now() - 60_000),
      ends_on: options.endsOn ?? new Date(Date.now() + 3600_000),
      reason: 'maintenance',
      status: options.status ?? 'approved',
      decided_by_user_id: null,
      decided_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const serverId of options.serverIds ?? []) {
    await db
      .insertInto('access_request_servers')
      .values({ access_request_id: row.id, agent_server_id: serverId })
      .execute();
  }
  return row.id;
}

/** Runs the agent's connection loop in this process and waits until it is attached. */
export async function startAgent(baseUrl: string, agent: SeededAgent, services: readonly LanService[]) {
  const runner = new AgentRunner({
    relayUrl: `${baseUrl.replace(/^http/, 'ws')}/relay/agent`,
    credential: agent.credential,
    services,
    minDelayMs: 100,
    maxDelayMs: 500,
  });
  const attached = once(runner, 'attached');
  runner.start();
  await attached;
  return runner;
}

export type RawClient = {
  ws: WebSocket;
  open: (target: string) => TunnelStream;
  closed: Promise<{ code: number; reason: string }>;
};

/** A raw relay client: opens `/relay/client` with a ticket and multiplexes streams as the initiator. */
export function openRelayClient(ticket: Pick<TunnelTicket, 'relayUrl' | 'ticket'>): Promise<RawClient> {
  const url = `${ticket.relayUrl}?ticket=${encodeURIComponent(ticket.ticket)}`;
  const ws = new WebSocket(url);
  const mux = new Multiplexer({ role: 'initiator', send: (frame) => ws.send(frame) });
  ws.on('message', (data: Buffer) => mux.receive(data));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      mux.destroy(reason.toString());
      resolve({ code, reason: reason.toString() });
    }),
  );
  return new Promise((resolve, reject) => {
    ws.on('unexpected-response', (_request, response) => {
      response.resume();
      reject(new UpgradeRefused(response.statusCode ?? 0, response.headers['retry-after']));
      ws.terminate();
    });
    ws.on('error', () => undefined);
    ws.on('open', () => resolve({ ws, open: (target) => mux.open(target), closed }));
  });
}

export class UpgradeRefused extends Error {
  readonly status: number;
  readonly retryAfter: string | undefined;
  constructor(status: number, retryAfter: string | undefined) {
    super(`upgrade refused with ${status}`);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

/** The status an upgrade is answered with (101 when it succeeds; the socket is then closed). */
export async function upgradeStatus(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  ws.on('error', () => undefined);
  return new Promise<{ status: number; retryAfter: string | undefined }>((resolve) => {
    ws.on('unexpected-response', (_request, response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] });
      ws.terminate();
    });
    ws.on('open', () => {
      resolve({ status: 101, retryAfter: undefined });
      ws.close();
    });
  });
}

export { echo } from '@fleetgate/tunnel-protocol/test-support';

/** Waits for a stream to be reset and returns the reason. */
export function resetReason(stream: TunnelStream): Promise<string> {
  return new Promise((resolve) => stream.on('error', (error) => resolve(error.message)));
}

/** Polls until `check` returns a value other than undefined (or times out). */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The platform server (process) holding the agent's open VPN session, once there is one other
 * than `not`: where the agent attached, or moved to.
 */
export function sessionOwnerOf(
  db: Db,
  agent: SeededAgent,
  not?: number,
  timeoutMs = 15_000,
): Promise<number> {
  return eventually(async () => {
    const row = await db
      .selectFrom('vpn_sessions')
      .select('platform_server_id')
      .where('agent_id', '=', agent.id)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return row && row.platform_server_id !== not ? row.platform_server_id : undefined;
  }, timeoutMs);
}
