import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccessRequest } from '@fleetgate/contracts';
import { useTestServer } from '../../server/test/harness.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { eventually, seedAgent, startAgent } from '../../server/src/relay/relay.test-support.ts';
import { startSimulator, type Simulator } from '../../agent/src/simulator.ts';
import type { AgentRunner } from '../../agent/src/agent-runner.ts';
import { startConnector, type Connector } from './connector.ts';
import { local, watchStatus } from './fake-portal.test-support.ts';
import { defaultSettings } from './settings.ts';
import { echoThrough, socksConnect } from './socks-client.test-support.ts';
import { statusCodes } from './status.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

// On PostgreSQL the server project's global setup migrates; this project has none, so do it here.
beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return;
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  await migrateToLatest(db);
  await db.destroy();
});
const t = useTestServer();

let simulator: Simulator;
const runners: AgentRunner[] = [];
const connectors: Connector[] = [];
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await Promise.all(connectors.map((c) => c.close()));
  await Promise.all(runners.map((r) => r.stop()));
  await simulator.close();
});

const controller = '6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const minute = 60_000;

/**
 * An attached agent locked for VPN and web, an engineer who must request access, and a
 * running connector the engineer uses.
 */
async function setup() {
  const company = await t.newCompany();
  const agent = await seedAgent(t.server.db, company.publicId, {
    servers: simulator.services,
    vpnLocked: true,
    webAccessLocked: true,
  });
  runners.push(await startAgent(t.server.baseUrl, agent, simulator.services));
  const adminAs = { token: company.admin.token, company: company.publicId };
  await eventually(async () => {
    const response = await t.call('GET', `Agent/${agent.publicId}`, {
      ...adminAs,
      query: { fields: 'activeVpnSession' },
    });
    return (response.body.data as { activeVpnSession: unknown }).activeVpnSession ?? undefined;
  });
  const engineer = await t.newMember(company, ['agents.connect', 'accessRequests.use']);
  const settings = { ...defaultSettings, portals: [t.server.baseUrl], basePort: null };
  const connector = await startConnector({ settings, port: 0 });
  connectors.push(connector);
  const portal = { origin: t.server.baseUrl, token: engineer.token, controller };
  const watch = await watchStatus(connector.url, t.server.baseUrl, engineer.token);
  const connect = () =>
    local(connector.url, 'POST', '/connect', {
      ...portal,
      body: { agentId: agent.publicId, companyId: company.publicId, userId: engineer.publicId },
    });
  /** The engineer's request, approved by the administrator, valid from this minute for an hour. */
  const approvedRequest = async (body: { vpn: boolean; servers: { publicId: string }[] }) => {
    const start = new Date(Math.floor(Date.now() / minute) * minute);
    const created = await t.call('POST', `AgentAccessRequestList/${agent.publicId}`, {
      token: engineer.token,
      company: company.publicId,
      body: {
        ...body,
        allowedApprovers: [{ publicId: company.admin.publicId }],
        reason: 'Read the counters',
        start: start.toISOString(),
        end: new Date(start.getTime() + 60 * minute).toISOString(),
      },
    });
    expect(created.status).toBe(201);
    const request = created.body.data as AccessRequest;
    const approved = await t.call('POST', `AccessRequestApprove/${request.publicId}`, {
      token: company.admin.token,
    });
    expect(approved.status).toBe(200);
    return request;
  };
  const serverNamed = (name: string) => agent.servers.find((server) => server.name === name)!;
  return { agent, connector, portal, watch, connect, approvedRequest, serverNamed };
}

describe('connector for a user without VPN access', () => {
  it('says an access request is needed while nothing is approved', async () => {
    const { watch, connect } = await setup();
    expect((await connect()).status).toBe(202);
    const ended = await watch.until((s) => s.status === 'idle' && s.code !== statusCodes.idle);
    expect(ended.code).toBe(statusCodes.accessRequestRequired);
    expect(ended.message).toContain('no approved VPN or web access');
    watch.close();
  });

  it('asks for the services an approved web request names, and carries them through the local port', async () => {
    const { agent, connector, portal, watch, connect, approvedRequest, serverNamed } = await setup();
    await approvedRequest({ vpn: false, servers: [{ publicId: serverNamed('echo').publicId }] });
    expect((await connect()).status).toBe(202);
    const connected = await watch.until((s) => s.status === 'connected');
    // Only the approved service is published; the HMI is not part of the ticket.
    expect(connected.services.map((s) => s.name)).toEqual(['echo']);
    const echoPort = connected.services[0]!.localPort;
    const data = randomBytes(256 * 1024);
    const echoed = await echoThrough(net.connect({ host: '127.0.0.1', port: echoPort }), data);
    expect(echoed.equals(data)).toBe(true);
    const { reply } = await socksConnect(connected.socksPort!, {
      host: `hmi.${agent.publicId}`,
      port: 80,
    });
    expect(reply).not.toBe(0);
    expect((await local(connector.url, 'POST', '/disconnect', portal)).status).toBe(200);
    await watch.until((s) => s.status === 'idle');
    watch.close();
  });

  it('asks for VPN once a VPN request is approved: every service', async () => {
    const { watch, connect, approvedRequest } = await setup();
    await approvedRequest({ vpn: true, servers: [] });
    expect((await connect()).status).toBe(202);
    const connected = await watch.until((s) => s.status === 'connected');
    expect(connected.services.map((s) => s.name).sort()).toEqual(['echo', 'hmi', 'modbus', 'vnc']);
    watch.close();
  });
});
