import { createHash } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { startSimulator, type Simulator } from '../../apps/agent/src/simulator.ts';
import type { AgentRunner } from '../../apps/agent/src/agent-runner.ts';
import { startConnector, type Connector } from '../../apps/connector/src/connector.ts';
import { defaultSettings } from '../../apps/connector/src/settings.ts';
import {
  eventually,
  seedAgent,
  startAgent,
  type SeededAgent,
} from '../../apps/server/src/relay/relay.test-support.ts';
import { useShellWorld, type ShellServer, type ShellWorld, type SignedIn } from './shell-server.ts';

export { echoThrough, socksConnect } from '../../apps/connector/src/socks-client.test-support.ts';

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A free loopback port, for a connector the page is told about before it runs. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function portRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * The real agent (in-process runner) with the simulator's HMI and echo services, attached to the
 * relay. `vpnRequireAccessApproval` makes VPN access of users with access requests need an approved one.
 */
export async function attachedAgent(
  server: ShellServer,
  admin: SignedIn,
  simulator: Simulator,
  flags: { vpnRequireAccessApproval?: boolean } = {},
) {
  const agent = await seedAgent(server.db, admin.companyPublicId, { servers: simulator.services, ...flags });
  const runner = await startAgent(server.baseUrl, agent, simulator.services);
  await waitForVpnSession(server, admin, agent);
  return { agent, runner };
}

async function waitForVpnSession(server: ShellServer, admin: SignedIn, agent: SeededAgent) {
  await eventually(async () => {
    const response = await fetch(`${server.baseUrl}/api/Agent/${agent.publicId}?fields=activeVpnSession`, {
      headers: {
        'Api-Version': '2',
        Authorization: `Bearer ${admin.token.secretId}`,
        'Api-Company': admin.companyPublicId,
      },
    });
    const body = (await response.json()) as { data?: { activeVpnSession: unknown } };
    return body.data?.activeVpnSession ?? undefined;
  }, 10_000);
}

/**
 * The real connector on a given loopback port, answering the shell server's pages. Its local ports
 * are the system's choice (no base port): test files run two at a time, and connectors that all
 * counted up from the default 9251 took each other's ports as soon as they were freed, so a port a
 * test expected to be refused, or to get again at the next connect, was another file's.
 */
export function connectorFor(server: ShellServer, port: number): Promise<Connector> {
  return startConnector({
    settings: { ...defaultSettings, portals: [server.baseUrl], basePort: null },
    port,
  });
}

/**
 * Points the web app at the test's connector (it uses 127.0.0.1:9250 otherwise) and records
 * every state the VPN status bar goes through, so a brief "connecting" is not missed.
 */
export async function watchVpnPage(context: BrowserContext, connectorUrl: string): Promise<void> {
  await context.addInitScript((url: string) => {
    // The portal's own page only: the frame the portal looks for the connector with has no storage.
    if (window !== window.top) return;
    localStorage.setItem('fleetgate.vpn.connectorUrl', JSON.stringify(url));
    // Each state the bar showed, and when (page time): timed here, not by the test's polling.
    const states: string[] = [];
    const times: number[] = [];
    Object.assign(window, { vpnStates: states, vpnStateTimes: times });
    new MutationObserver(() => {
      const bar = document.querySelector('[data-vpn-status]');
      const state = bar ? bar.getAttribute('data-vpn-status')! : 'hidden';
      if (states.at(-1) === state) return;
      states.push(state);
      times.push(performance.now());
    }).observe(document, { subtree: true, childList: true, attributes: true });
  }, connectorUrl);
}

/** What a VPN test file runs against; agents and connectors its tests start are stopped with it. */
export type VpnWorld = ShellWorld & {
  simulator: Simulator;
  runners: AgentRunner[];
  connectors: Connector[];
};

/** The shell world plus the LAN simulator, started before the file's tests and stopped after them. */
export function useVpnWorld(): VpnWorld {
  const world = Object.assign(useShellWorld(), { runners: [], connectors: [] }) as unknown as VpnWorld;
  beforeAll(async () => {
    world.simulator = await startSimulator();
  });
  // Registered after the shell world's hook, so it runs first: agents and connectors go before the server.
  afterAll(async () => {
    await Promise.all(world.connectors.map((c) => c.close()));
    await Promise.all(world.runners.map((r) => r.stop()));
    await world.simulator?.close();
  });
  return world;
}

export type { AgentRunner, Connector, Simulator };

/**
 * A company whose device needs approval for VPN access: its administrator (the approver), an
 * engineer who may connect and request access, and the device's agent attached (stopped with the world).
 */
export async function approvalSetup(world: VpnWorld, approverName: string) {
  const approver = await world.server.newAdministrator(approverName);
  const engineer = await world.server.newMember(
    approver,
    ['agents.connect', 'accessRequests.use'],
    'Engineer',
  );
  const { agent, runner } = await attachedAgent(world.server, approver, world.simulator, {
    vpnRequireAccessApproval: true,
  });
  world.runners.push(runner);
  return { approver, engineer, agent };
}
