import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { statusCodes, type ConnectorStatus } from './status.ts';

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

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const controller = '3f2b8c1e-5a4d-4e6f-9b7a-1c2d3e4f5a6b';

/**
 * A company with an enrolled, attached agent offering the simulator's services, and a running
 * connector (with a settings file, so its ports are kept in ports.json beside it).
 */
async function setup(portalUrl = t.server.baseUrl, settingsFile?: string) {
  const company = await t.newCompany();
  const agent = await seedAgent(t.server.db, company.publicId, { servers: simulator.services });
  const runner = await startAgent(t.server.baseUrl, agent, simulator.services);
  runners.push(runner);
  const as = { token: company.admin.token, company: company.publicId };
  // The relay records the agent's VPN session just after the attach.
  await eventually(async () => {
    const response = await t.call('GET', `Agent/${agent.publicId}`, {
      ...as,
      query: { fields: 'activeVpnSession' },
    });
    return (response.body.data as { activeVpnSession: unknown }).activeVpnSession ?? undefined;
  });
  // The system picks the first ports: other tests on this computer may hold the default 9251 and up.
  const settings = { ...defaultSettings, portals: [portalUrl], basePort: null };
  const connector = await startConnector({ settings, settingsFile, port: 0 });
  connectors.push(connector);
  const portal = { origin: portalUrl, token: company.admin.token, controller };
  const watch = await watchStatus(connector.url, portalUrl, company.admin.token);
  const connect = (forceProtocol?: string) =>
    local(connector.url, 'POST', '/connect', {
      ...portal,
      body: {
        agentId: agent.publicId,
        companyId: company.publicId,
        userId: company.admin.publicId,
        ...(forceProtocol ? { forceProtocol } : {}),
      },
    });
  const disconnect = () => local(connector.url, 'POST', '/disconnect', portal);
  return { company, agent, runner, connector, portal, watch, connect, disconnect, settings };
}

const portsOf = (status: ConnectorStatus) => {
  const of = (name: string) => status.services.find((s) => s.name === name)?.localPort;
  return { socks: status.socksPort, hmi: of('hmi'), echo: of('echo'), vnc: of('vnc'), modbus: of('modbus') };
};

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('connector → relay → agent → LAN service', () => {
  it('carries 5 MB through the local port and through SOCKS5 intact; disconnect closes the ports', async () => {
    const { company, agent, connector, portal, watch, connect } = await setup();
    // The token is checked with the portal, and with the company: another one is not the user's.
    const stranger = await t.newCompany();
    const body = { agentId: agent.publicId, companyId: stranger.publicId, userId: company.admin.publicId };
    expect((await local(connector.url, 'POST', '/connect', { ...portal, body })).status).toBe(403);
    expect(
      (await local(connector.url, 'POST', '/connect', { ...portal, token: 'x'.repeat(43), body })).status,
    ).toBe(401);
    expect((await connect()).status).toBe(202);
    const steps = [statusCodes.checkingAgent, statusCodes.requestingTicket, statusCodes.openingRelay];
    for (const code of steps) await watch.until((s) => s.status === 'connecting' && s.code === code);
    const connected = await watch.until((s) => s.status === 'connected');
    expect(connected.code).toBe(statusCodes.listening);
    expect(connected.services.map((s) => s.name)).toEqual(['hmi', 'echo', 'vnc', 'modbus']);
    const echoPort = connected.services.find((s) => s.name === 'echo')!.localPort;
    const hmiPort = connected.services.find((s) => s.name === 'hmi')!.localPort;

    const data = randomBytes(5 * 1024 * 1024);
    const direct = net.connect({ host: '127.0.0.1', port: echoPort });
    const viaPort = await echoThrough(direct, data);
    expect(viaPort.length).toBe(data.length);
    expect(sha256(viaPort)).toBe(sha256(data));

    const { reply, socket } = await socksConnect(connected.socksPort!, {
      host: `echo.${agent.publicId}`,
      port: 7,
    });
    expect(reply).toBe(0);
    const viaSocks = await echoThrough(socket, data);
    expect(sha256(viaSocks)).toBe(sha256(data));

    // A tool that sends everything and then half-closes (as `nc -N` does) still gets every byte back.
    const halfClosing = net.connect({ host: '127.0.0.1', port: echoPort });
    const returned: Buffer[] = [];
    halfClosing.on('data', (chunk: Buffer) => returned.push(chunk));
    const ended = new Promise((resolve) => halfClosing.once('end', resolve));
    halfClosing.end(data);
    await ended;
    expect(sha256(Buffer.concat(returned))).toBe(sha256(data));
    halfClosing.destroy();

    // The HMI page through its local port, as curl would fetch it.
    const page = await (await fetch(`http://127.0.0.1:${hmiPort}/`)).text();
    expect(page).toContain('HMI');
    // A name that is not one of the device's services is refused by the proxy.
    expect((await socksConnect(connected.socksPort!, { host: 'example.com', port: 80 })).reply).toBe(2);

    const disconnected = await local(connector.url, 'POST', '/disconnect', portal);
    expect(disconnected.status).toBe(200);
    expect(disconnected.body).toMatchObject({
      status: 'idle',
      code: statusCodes.idle,
      services: [],
      socksPort: null,
    });
    expect(await refused(echoPort)).toBe(true);
    expect(await refused(connected.socksPort!)).toBe(true);
    watch.close();
  });

  it('returns to idle with the device-offline code and closes the ports when the agent goes away', async () => {
    const { runner, watch, connect } = await setup();
    expect((await connect()).status).toBe(202);
    const connected = await watch.until((s) => s.status === 'connected');
    const echoPort = connected.services.find((s) => s.name === 'echo')!.localPort;
    // A transfer in flight when the agent stops ends, it does not hang.
    const socket = net.connect({ host: '127.0.0.1', port: echoPort });
    const transfer = echoThrough(socket, randomBytes(64 * 1024 * 1024)).then(
      () => 'completed',
      () => 'ended',
    );
    await runner.stop();
    const offline = await watch.until((s) => s.status === 'idle');
    expect(offline).toMatchObject({
      code: statusCodes.deviceOffline,
      message: 'Connection failed, device offline',
    });
    expect(await transfer).toBe('ended');
    expect(await refused(echoPort)).toBe(true);
    watch.close();
  });

  it('keeps each service on its port from one connect to the next, and after a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-connector-ports-'));
    const settingsFile = path.join(dir, 'settings.json');
    const { agent, company, connector, watch, connect, disconnect, settings, portal } = await setup(
      t.server.baseUrl,
      settingsFile,
    );
    expect((await connect()).status).toBe(202);
    const first = portsOf(await watch.until((s) => s.status === 'connected'));
    expect((await disconnect()).status).toBe(200);
    expect((await connect()).status).toBe(202);
    const second = await watch.until((s) => s.status === 'connected');
    expect(portsOf(second)).toEqual(first);
    expect(second.message).toBe('Connected, listening on local ports');
    const page = await (await fetch(`http://127.0.0.1:${first.hmi}/`)).text();
    expect(page).toContain('HMI');
    await disconnect();
    watch.close();

    // Remembered in ports.json, per agent and service publicId.
    await connector.ports.flushed();
    const stored = JSON.parse(await readFile(path.join(dir, 'ports.json'), 'utf8')) as {
      socksPort: number;
      services: { agentId: string; serviceName: string; port: number }[];
    };
    expect(stored.socksPort).toBe(first.socks);
    expect(stored.services.map((s) => [s.agentId, s.serviceName, s.port])).toEqual([
      [agent.publicId, 'hmi', first.hmi],
      [agent.publicId, 'echo', first.echo],
      [agent.publicId, 'vnc', first.vnc],
      [agent.publicId, 'modbus', first.modbus],
    ]);

    // A new connector process with the same settings file gives the same ports.
    await connector.close();
    const restarted = await startConnector({ settings, settingsFile, port: 0 });
    connectors.push(restarted);
    const rewatch = await watchStatus(restarted.url, portal.origin, portal.token);
    const body = { agentId: agent.publicId, companyId: company.publicId, userId: company.admin.publicId };
    expect((await local(restarted.url, 'POST', '/connect', { ...portal, body })).status).toBe(202);
    expect(portsOf(await rewatch.until((s) => s.status === 'connected'))).toEqual(first);
    rewatch.close();
    await restarted.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('moves a service whose port another program holds, says so, and keeps the others', async () => {
    const { connector, watch, connect, disconnect } = await setup();
    expect((await connect()).status).toBe(202);
    const first = portsOf(await watch.until((s) => s.status === 'connected'));
    await disconnect();
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(first.hmi, '127.0.0.1', resolve));
    try {
      expect((await connect()).status).toBe(202);
      const moved = await watch.until((s) => s.status === 'connected');
      const now = portsOf(moved);
      expect(now.hmi).not.toBe(first.hmi);
      expect({ ...now, hmi: 0 }).toEqual({ ...first, hmi: 0 });
      const notice = `hmi: port ${first.hmi} is in use by another program, now on 127.0.0.1:${now.hmi}`;
      expect(moved.message).toBe(`Connected, listening on local ports. ${notice}`);
      expect(moved.services.find((s) => s.name === 'hmi')!.movedFrom).toBe(first.hmi);
      expect(moved.services.find((s) => s.name === 'echo')!.movedFrom).toBeUndefined();
      expect(connector.log.tail().some((line) => line.endsWith(notice))).toBe(true);
      expect(await (await fetch(`http://127.0.0.1:${now.hmi}/`)).text()).toContain('HMI');
      // The new port is the one remembered: freed again, the old one is not taken back.
      await disconnect();
      await new Promise<void>((resolve) => other.close(() => resolve()));
      expect((await connect()).status).toBe(202);
      const settled = await watch.until((s) => s.status === 'connected');
      expect(portsOf(settled)).toEqual(now);
      expect(settled.services.some((s) => s.movedFrom !== undefined)).toBe(false);
    } finally {
      if (other.listening) other.close();
      watch.close();
    }
  });

  it('reaches the relay over the forced address family only', async () => {
    // Through the name, so the family decides: the test server listens on 127.0.0.1 alone.
    // The relay URL comes from PUBLIC_URL, so that names the host too.
    const byName = t.server.baseUrl.replace('127.0.0.1', 'localhost');
    t.server.config.publicUrl = byName;
    const { watch, connect } = await setup(byName);
    expect((await connect('tcp4')).status).toBe(202);
    await watch.until((s) => s.status === 'connected');
    expect((await connect('tcp6')).status).toBe(202);
    await watch.until((s) => s.status === 'connecting' && s.code === statusCodes.openingRelay);
    const failed = await watch.until((s) => s.status === 'idle');
    expect(failed.code).toBe(statusCodes.relayUnreachable);
    expect(failed.message).toMatch(/^Relay unreachable: /);
    watch.close();
    t.server.config.publicUrl = t.server.baseUrl;
  });
});
