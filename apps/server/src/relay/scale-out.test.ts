import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TunnelTicket, WebAccessSession } from '@fleetgate/contracts';
import { useTestServer } from '../../test/harness.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../test/round-robin-proxy.ts';
import { buildApp, type BuiltApp } from '../app.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { startSimulator, type Simulator } from '../../../agent/src/simulator.ts';
import type { AgentRunner } from '../../../agent/src/agent-runner.ts';
import type { LanService } from '../../../agent/src/services.ts';
import { deriveServerKey } from '../auth/secret-box.ts';
import { internalCredential } from './internal-link.ts';
import {
  browse,
  logo,
  page,
  startHttpDevice,
  type Device,
} from '../modules/web-access/web-access.test-support.ts';
import {
  echo,
  eventually,
  openRelayClient,
  seedAgent,
  sessionOwnerOf,
  startAgent,
  upgradeStatus,
  type SeededAgent,
} from './relay.test-support.ts';

/**
 * Several server processes on one database (issue 18): each registers as a platform server,
 * agents attach through a round-robin proxy to whichever process it picks, clients reach them
 * through any process (forwarded over the internal link), and a process that closes or dies
 * hands its agents to the others.
 */

// Short heartbeats so a dead process is found in a few seconds; other files' servers keep
// their own (longer) allowance, which the sweep respects.
const relay = { processHeartbeatMs: 500, processStaleMs: 5000 };
const t = useTestServer({ relay, config: { allowedHosts: ['127.0.0.1'] } });

type Peer = { built: BuiltApp; db: Db; port: number; url: string; ownDb: boolean };
const peers: Peer[] = [];
let simulator: Simulator;
let hmi: Device;
let proxy: RoundRobinProxy;
const runners: AgentRunner[] = [];
/** Backends the agents' proxy sends to (a crashed or closed one refuses and is skipped). */
const agentBackends: number[] = [];

async function startPeer(port = 0): Promise<Peer> {
  const databaseUrl = process.env.DATABASE_URL;
  // On PGlite the processes share one database object; on PostgreSQL each has its own pool.
  const db = databaseUrl ? await openDatabase({ databaseUrl, dataDir: 'memory://' }) : t.server.db;
  const built = await buildApp({
    config: { ...t.server.config, publicUrl: t.server.baseUrl },
    db,
    logger: false,
    connectionLimits: { maxConnectionsPerAddress: 0 },
    loginLimitsScope: `scale-out-${randomBytes(4).toString('hex')}`,
    webhookWorkerMs: false,
    relay,
  });
  const url = await built.app.listen({ port, host: '127.0.0.1' });
  const peer = { built, db, port: Number(new URL(url).port), url, ownDb: Boolean(databaseUrl) };
  peers.push(peer);
  await eventually(async () => built.relay.registration);
  return peer;
}

beforeAll(async () => {
  simulator = await startSimulator();
  hmi = await startHttpDevice();
  await eventually(async () => t.server.built.relay.registration);
  const [b, c] = [await startPeer(), await startPeer()];
  agentBackends.push(b.port, c.port);
  proxy = await startRoundRobinProxy(() => agentBackends);
});

afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await proxy?.close();
  for (const peer of peers) {
    await peer.built.app.close().catch(() => undefined);
    if (peer.ownDb) await peer.db.destroy();
  }
  await simulator.close();
  await hmi.close();
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The agent's loop, through the proxy, with a short backoff; resolves once attached. */
async function startAgentViaProxy(agent: SeededAgent, services: readonly LanService[] = simulator.services) {
  const runner = await startAgent(proxy.url, agent, services);
  runners.push(runner);
  return runner;
}

async function setup() {
  const company = await t.newCompany();
  const agent = await seedAgent(t.server.db, company.publicId, { servers: [simulator.services[1]!] });
  const as = { token: company.admin.token, company: company.publicId };
  return { agent, as };
}

const ownerOf = (agent: SeededAgent, not?: number) => sessionOwnerOf(t.server.db, agent, not);

/** Sends `size` random bytes to the echo service through `baseUrl`'s relay and checks they come back intact. */
async function echoVia(
  baseUrl: string,
  as: { token: string; company: string },
  agent: SeededAgent,
  size: number,
) {
  const response = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, {
    ...as,
    body: { vpn: true },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const issued = response.body.data as TunnelTicket;
  const client = await openRelayClient({
    ...issued,
    relayUrl: `${baseUrl.replace(/^http/, 'ws')}/relay/client`,
  });
  const data = randomBytes(size);
  const echoed = await echo(client.open('echo'), data);
  expect(echoed.length).toBe(data.length);
  expect(sha256(echoed)).toBe(sha256(data));
  client.ws.close();
  return client;
}

const peerOf = (id: number) => [t.server, ...peers].find((p) => p.built.relay.registration?.id === id);

describe('relays as platform servers', () => {
  it('registers every process as an rsc platform server with a beating heartbeat', async () => {
    const ids = [t.server, ...peers].map((p) => p.built.relay.registration!.id);
    const rows = () =>
      t.server.db
        .selectFrom('platform_servers')
        .select(['id', 'type', 'company_id', 'internal_url', 'heartbeat_at', 'stopped_at'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
    const first = await rows();
    expect(first.map((r) => [r.type, r.company_id, r.stopped_at])).toEqual(
      ids.map(() => ['rsc', null, null]),
    );
    expect(first.map((r) => r.internal_url).sort()).toEqual(
      [t.server.baseUrl, ...peers.map((p) => p.url)].sort(),
    );
    await eventually(async () => {
      const later = await rows();
      return later.every((r, i) => r.heartbeat_at! > first[i]!.heartbeat_at!) ? true : undefined;
    });
  });

  it('names a process by host and port, and a restart on its port takes its row back', async () => {
    const first = await startPeer();
    const registration = first.built.relay.registration!;
    expect(registration.name).toBe(`${hostname()}-${first.port}`);
    await first.built.app.close();
    peers.splice(peers.indexOf(first), 1);
    if (first.ownDb) await first.db.destroy();
    const again = await startPeer(first.port);
    expect(again.built.relay.registration).toMatchObject({ id: registration.id, name: registration.name });
    await again.built.app.close();
    peers.splice(peers.indexOf(again), 1);
    if (again.ownDb) await again.db.destroy();
  });

  it('refuses the internal link without a valid credential', async () => {
    const target = t.server.built.relay.registration!.id;
    const from = peers[0]!.built.relay.registration!.id;
    const url = `${t.server.baseUrl.replace(/^http/, 'ws')}/relay/internal`;
    const key = deriveServerKey(
      { envKey: process.env.FLEETGATE_SECRET_KEY, dataDir: t.server.config.dataDir },
      'fleetgate relay internal link v1',
    );
    expect((await upgradeStatus(url)).status).toBe(401);
    expect(
      (await upgradeStatus(url, { Authorization: internalCredential(randomBytes(32), from, target) })).status,
    ).toBe(401);
    // A credential for another process, or too old, does not open this one.
    expect(
      (await upgradeStatus(url, { Authorization: internalCredential(key, from, target + 1_000_000) })).status,
    ).toBe(401);
    expect(
      (
        await upgradeStatus(url, {
          Authorization: internalCredential(key, from, target, Date.now() - 120_000),
        })
      ).status,
    ).toBe(401);
    expect((await upgradeStatus(url, { Authorization: internalCredential(key, from, target) })).status).toBe(
      101,
    );
  });

  it(
    'lets a client through any process reach the agent and move 10 MB intact',
    { timeout: 120_000 },
    async () => {
      const { agent, as } = await setup();
      await startAgentViaProxy(agent);
      const owner = await ownerOf(agent);
      expect(peers.map((p) => p.built.relay.registration!.id)).toContain(owner);
      for (const url of [t.server.baseUrl, ...peers.map((p) => p.url)])
        await echoVia(url, as, agent, 10 * 1024 * 1024);
      // Client sessions name the process that carried them.
      const carriers = await t.server.db
        .selectFrom('client_sessions')
        .select('platform_server_id')
        .where('agent_id', '=', agent.id)
        .execute();
      expect(new Set(carriers.map((c) => c.platform_server_id))).toEqual(
        new Set([t.server, ...peers].map((p) => p.built.relay.registration!.id)),
      );
    },
  );

  it("ends a forwarded client's session when its agent leaves the other process", async () => {
    const { agent, as } = await setup();
    const runner = await startAgentViaProxy(agent);
    await ownerOf(agent);
    const response = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, {
      ...as,
      body: { vpn: true },
    });
    // The API process never holds agents here: this client is forwarded.
    const client = await openRelayClient(response.body.data as TunnelTicket);
    expect((await echo(client.open('echo'), Buffer.from('ping'))).toString()).toBe('ping');
    await runner.stop();
    expect(await client.closed).toEqual({ code: 4002, reason: 'agent disconnected' });
    const session = await eventually(async () => {
      const row = await t.server.db
        .selectFrom('client_sessions')
        .select(['ended_at', 'platform_server_id'])
        .where('agent_id', '=', agent.id)
        .executeTakeFirstOrThrow();
      return row.ended_at ? row : undefined;
    });
    expect(session.platform_server_id).toBe(t.server.built.relay.registration!.id);
  });

  it('serves a device web page through any process, whichever holds the agent', async () => {
    const company = await t.newCompany();
    const agent = await seedAgent(t.server.db, company.publicId, {
      servers: [{ name: 'hmi', host: '127.0.0.1', port: hmi.port }],
    });
    await t.server.db
      .updateTable('agent_servers')
      .set({ type: 'http' })
      .where('id', '=', agent.servers[0]!.id)
      .execute();
    await startAgentViaProxy(agent, [{ name: 'hmi', host: '127.0.0.1', port: hmi.port }]);
    await ownerOf(agent);
    const response = await t.call('POST', `AgentWebAccessSessionList/${agent.publicId}`, {
      token: company.admin.token,
      company: company.publicId,
      body: { server: { publicId: agent.servers[0]!.publicId } },
    });
    expect(response.status).toBe(201);
    const url = new URL((response.body.data as WebAccessSession).url);
    const ports = [new URL(t.server.baseUrl), ...peers.map((p) => new URL(p.url))].map((u) => Number(u.port));
    const signedIn = await browse(url.origin, `${url.pathname}${url.search}`, { serverPort: ports[0]! });
    expect(signedIn.status).toBe(303);
    const cookie = signedIn.headers['set-cookie']![0]!.split(';')[0]!;
    for (const serverPort of ports) {
      const home = await browse(url.origin, '/', { serverPort, headers: { Cookie: cookie } });
      expect([serverPort, home.status, home.body.toString()]).toEqual([serverPort, 200, page]);
      expect(home.body.toString()).toBe(page);
      const image = await browse(url.origin, '/logo.png', { serverPort, headers: { Cookie: cookie } });
      expect(sha256(image.body)).toBe(sha256(logo));
    }
  });

  it(
    'moves the agents of a process that closes, and of one that dies, to the others',
    { timeout: 60_000 },
    async () => {
      const { agent, as } = await setup();
      await startAgentViaProxy(agent);
      const first = await ownerOf(agent);
      // A third relay for the agent to go to after the second move.
      const spare = await startPeer();
      agentBackends.push(spare.port);

      // A client forwarded from the API process to the agent's process: it ends with the attachment.
      const response = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, {
        ...as,
        body: { vpn: true },
      });
      const forwarded = await openRelayClient(response.body.data as TunnelTicket);
      await echo(forwarded.open('echo'), randomBytes(1000));

      // Closing: the process deregisters, the agent comes back through the proxy elsewhere.
      const closing = peerOf(first)!;
      await closing.built.app.close();
      expect((await forwarded.closed).code).toBe(4002);
      const second = await ownerOf(agent, first);
      const stopped = await t.server.db
        .selectFrom('platform_servers')
        .select('stopped_at')
        .where('id', '=', first)
        .executeTakeFirstOrThrow();
      expect(stopped.stopped_at).not.toBeNull();
      await echoVia(t.server.baseUrl, as, agent, 1024 * 1024);

      // A crash: no deregistration, no session ended by the process itself. A second agent,
      // attached to it directly, does not come back, so only the sweep can end its session.
      const dying = peerOf(second) as Peer;
      const lost = await setup();
      const lostRunner = await startAgent(dying.url, lost.agent, simulator.services);
      expect(await ownerOf(lost.agent)).toBe(second);
      dying.built.relay.crashForTests();
      dying.built.app.server.close();
      dying.built.app.server.closeAllConnections();
      await lostRunner.stop();

      const third = await ownerOf(agent, second);
      // The one relay behind the proxy that neither closed nor died.
      const survivor = peers.find((p) => p !== closing && p !== dying);
      expect(third).toBe(survivor?.built.relay.registration?.id);
      await echoVia(t.server.baseUrl, as, agent, 1024 * 1024);
      // The dead process's registration expires and its remaining session ends with the sweep.
      await eventually(async () => {
        const row = await t.server.db
          .selectFrom('platform_servers')
          .select('stopped_at')
          .where('id', '=', second)
          .executeTakeFirstOrThrow();
        return row.stopped_at ?? undefined;
      }, 15_000);
      const open = await t.server.db
        .selectFrom('vpn_sessions')
        .select('id')
        .where('platform_server_id', '=', second)
        .where('ended_at', 'is', null)
        .execute();
      expect(open).toEqual([]);
      const status = await t.call('GET', `Agent/${lost.agent.publicId}`, {
        ...lost.as,
        query: { fields: 'status' },
      });
      expect(status.body.data).toMatchObject({ status: 'offline' });
    },
  );
});
