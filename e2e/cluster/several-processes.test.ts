import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TunnelTicket } from '@fleetgate/contracts';
import { openDatabase, type Db } from '../../apps/server/src/db/client.ts';
import {
  echo,
  eventually,
  openRelayClient,
  seedAgent,
  sessionOwnerOf,
  startAgent,
  type SeededAgent,
} from '../../apps/server/src/relay/relay.test-support.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../apps/server/test/round-robin-proxy.ts';
import { startSimulator, type Simulator } from '../../apps/agent/src/simulator.ts';
import type { AgentRunner } from '../../apps/agent/src/agent-runner.ts';
import { launchChromium } from '../support/browser.ts';
import { newCompanyAdmin, signedInPage, type CompanyAdmin } from '../support/console.ts';
import { deviceRow } from '../support/devices.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/**
 * Issue 18 as an operator runs it: three real server processes (`apps/server/src/main.ts`) on one
 * PostgreSQL database behind a round-robin TCP balancer, agents spread over them, clients through
 * each process, a live event from one process in a browser on another, and one process killed with
 * SIGKILL during transfers and writes. Needs DATABASE_URL: this file runs in the API suites on
 * PostgreSQL (vitest project `cluster`). That each job runs once is shown against the database by
 * two servers with their own pools (apps/server/src/jobs/queue/job-queue.app.test.ts).
 */

type Process = RunningServer & { name: string; port: number; id: number };

const processes: Process[] = [];
const runners: AgentRunner[] = [];
let proxy: RoundRobinProxy;
let simulator: Simulator;
let db: Db;
let browser: Browser;
let admin: CompanyAdmin;
let outboxDir: string;
const agents: SeededAgent[] = [];
/** Backends behind the balancer; a killed one refuses and is skipped, as a health check would. */
const backends = () => processes.map((p) => p.port);

beforeAll(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('The cluster suite needs DATABASE_URL (PostgreSQL)');
  db = await openDatabase({ databaseUrl, dataDir: '' });
  proxy = await startRoundRobinProxy(backends);
  simulator = await startSimulator();
  outboxDir = await mkdtemp(path.join(tmpdir(), 'fleetgate-cluster-outbox-'));
  const secret = randomBytes(32).toString('base64');
  const run = randomBytes(3).toString('hex');
  const started = await Promise.all(
    ['a', 'b', 'c'].map((letter) =>
      startServer({
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: proxy.url,
        FLEETGATE_SECRET_KEY: secret,
        SERVER_NAME: `cluster-${run}-${letter}`,
        OUTBOX_DIR: outboxDir,
        LOG_LEVEL: 'warn',
      }),
    ),
  );
  for (const [index, server] of started.entries()) {
    const name = `cluster-${run}-${'abc'[index]}`;
    const row = await eventually(() =>
      db
        .selectFrom('platform_servers')
        .select('id')
        .where('name', '=', name)
        .where('stopped_at', 'is', null)
        .executeTakeFirst(),
    );
    processes.push({ ...server, name, port: Number(new URL(server.baseUrl).port), id: row.id });
  }
  admin = await newCompanyAdmin(processes[0]!.baseUrl, 'Cluster');
  // Six devices attach through the balancer, one after another: two land on each process.
  for (let i = 0; i < 6; i += 1) {
    const agent = await seedAgent(db, admin.session.company, { servers: [simulator.services[1]!] });
    agents.push(agent);
    runners.push(await startAgent(proxy.url, agent, simulator.services));
  }
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(runners.map((runner) => runner.stop()));
  await proxy?.close();
  await Promise.all(processes.map((p) => p.stop()));
  await simulator?.close();
  await db?.destroy();
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const ownerOf = (agent: SeededAgent, not?: number) => sessionOwnerOf(db, agent, not, 30_000);

/** One request on a connection of its own, so the balancer picks a process for each. */
function request(
  baseUrl: string,
  method: string,
  rel: string,
  body?: unknown,
): Promise<{ status: number; data: unknown }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      `${baseUrl}/api/${rel}`,
      {
        method,
        agent: false,
        timeout: 10_000,
        headers: {
          'Api-Version': '2',
          Authorization: `Bearer ${admin.session.token}`,
          'Api-Company': admin.session.company,
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const text = Buffer.concat(chunks).toString();
            const body = (text ? JSON.parse(text) : {}) as { data?: unknown };
            resolve({ status: response.statusCode ?? 0, data: body.data });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Asks `baseUrl` for a ticket and sends `size` random bytes to the echo service through its relay. */
async function echoVia(baseUrl: string, agent: SeededAgent, size: number): Promise<void> {
  const issued = await request(baseUrl, 'POST', `AgentTunnelTicketList/${agent.publicId}`, { vpn: true });
  expect(issued.status, JSON.stringify(issued.data)).toBe(201);
  const ticket = issued.data as TunnelTicket;
  const client = await openRelayClient({
    ...ticket,
    relayUrl: `${baseUrl.replace(/^http/, 'ws')}/relay/client`,
  });
  try {
    const data = randomBytes(size);
    const echoed = await echo(client.open('echo'), data);
    expect(sha256(echoed)).toBe(sha256(data));
  } finally {
    client.ws.close();
  }
}

async function devicesPageOn(process: Process): Promise<Page> {
  const { page } = await signedInPage(browser, process.baseUrl, admin, 1280);
  await page.goto(`${process.baseUrl}/devices`);
  await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
  return page;
}

const agentName = async (agent: SeededAgent) =>
  (await db.selectFrom('agents').select('name').where('id', '=', agent.id).executeTakeFirstOrThrow()).name;

describe('three server processes on one PostgreSQL database', () => {
  it('spreads the agents over the processes, and every process reaches every agent', async () => {
    const owners = await Promise.all(agents.map((agent) => ownerOf(agent)));
    expect(new Set(owners)).toEqual(new Set(processes.map((p) => p.id)));
    for (const agent of agents.slice(0, 3)) {
      for (const process of processes) await echoVia(process.baseUrl, agent, 256 * 1024);
    }
    // 10 MB over a forwarded hop: the client on one process, the agent on another.
    const agent = agents[0]!;
    const via = processes.find((p) => p.id !== owners[0])!;
    await echoVia(via.baseUrl, agent, 10 * 1024 * 1024);
  }, 120_000);

  it('shows a device attaching on one process live in a browser served by another', async () => {
    const [served, attaching] = [processes[1]!, processes[0]!];
    const late = await seedAgent(db, admin.session.company, { servers: [simulator.services[1]!] });
    const page = await devicesPageOn(served);
    const row = deviceRow(page, await agentName(late));
    await row.getByText('Offline', { exact: true }).waitFor();
    // Straight to the first process, not through the balancer.
    runners.push(await startAgent(attaching.baseUrl, late, simulator.services));
    expect(await ownerOf(late)).toBe(attaching.id);
    await row.getByText('Online', { exact: true }).waitFor({ timeout: 15_000 });
    await page.context().close();
    agents.push(late);
  }, 60_000);

  it('moves the agents of a process killed with SIGKILL to the others and loses no acknowledged write', async () => {
    const victim = processes[2]!;
    const survivors = processes.slice(0, 2);
    const owners = await Promise.all(agents.map((agent) => ownerOf(agent)));
    const moving = agents.filter((_, i) => owners[i] === victim.id);
    expect(moving.length).toBeGreaterThan(0);
    const page = await devicesPageOn(survivors[1]!);
    const names = await Promise.all(agents.map(agentName));
    for (const name of names) await deviceRow(page, name).getByText('Online', { exact: true }).waitFor();

    // Writes through the balancer: the ones answered 201 were acknowledged and must be kept.
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n += 1) {
        const name = `Write ${n} ${randomBytes(3).toString('hex')}`;
        const created = await request(proxy.url, 'POST', 'AgentList', { name }).catch(() => undefined);
        if (created?.status === 201) acknowledged.push(name);
      }
    })();
    // Transfers through the balancer meanwhile; those the dead process carried break.
    const transfers = Promise.allSettled(agents.map((agent) => echoVia(proxy.url, agent, 16 * 1024 * 1024)));
    await eventually(async () => (acknowledged.length >= 3 ? true : undefined), 15_000);
    victim.kill();
    const outcomes = await transfers;
    expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
    await eventually(async () => (acknowledged.length >= 30 ? true : undefined), 15_000);
    writing = false;
    await writer;

    const kept = await db.selectFrom('agents').select('name').where('name', 'in', acknowledged).execute();
    expect(kept.map((row) => row.name).sort()).toEqual([...acknowledged].sort());

    // Its agents come back through the balancer on the others, and are reachable from both.
    for (const agent of moving) {
      const owner = await ownerOf(agent, victim.id);
      expect(survivors.map((p) => p.id)).toContain(owner);
      for (const process of survivors) await echoVia(process.baseUrl, agent, 256 * 1024);
    }
    for (const name of names) await deviceRow(page, name).getByText('Online', { exact: true }).waitFor();
    // Its registration expires (no heartbeat for 15 s) and leaves no session marked open.
    await eventually(async () => {
      const row = await db
        .selectFrom('platform_servers')
        .select('stopped_at')
        .where('id', '=', victim.id)
        .executeTakeFirstOrThrow();
      return row.stopped_at ?? undefined;
    }, 40_000);
    const open = await db
      .selectFrom('vpn_sessions')
      .select('id')
      .where('platform_server_id', '=', victim.id)
      .where('ended_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
    await page.context().close();
  }, 120_000);
});
