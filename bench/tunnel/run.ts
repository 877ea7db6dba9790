/**
 * Tunnel benchmark: a user's tool → connector's local port → relay (in the server) → agent →
 * the simulator's TCP echo service and back, against a direct loopback TCP connection to the same
 * echo service, all started in this run on this machine. Prints bulk throughput and 1 KB
 * round-trip times for both, their ratio and difference, and the server's memory per idle agent
 * connection with 2,000 agents attached. Each role runs in its own process; the load generator
 * (this process) shares the machine's cores with them. PGlite in memory, or PostgreSQL in a
 * throwaway database when DATABASE_URL is set; then also with two server processes on that
 * database (two-process.ts): a client on one reaching an agent on the other (forwarded over the
 * internal link), an attach storm spread over both, and idle agents' memory in each. Sizes:
 * BENCH_TUNNEL_MB (200), BENCH_SECONDS (10), BENCH_ROUND_TRIPS (2000), BENCH_IDLE_AGENTS (2000 on
 * one process, 10,000 over two), BENCH_STORM_AGENTS (2000), BENCH_PAIRS (3: the ceiling's and a
 * path's runs taken in turn for the relay's ratios).
 */
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { LanService } from '../../apps/agent/src/services.ts';
import type { ConnectorStatus } from '../../apps/connector/src/status.ts';
import { databaseCommits, databaseCpu, throwawayDatabase } from '../support.ts';
import { startRole, type ChildRole } from './ipc.ts';
import { bulkEcho, pingPong, type BulkResult, type RoundTrips } from './measure.ts';
import type { AttachManyResult } from './idle-agents.ts';
import type { SeededAgent, ServerInfo } from './server.ts';
import {
  attachStorm,
  twoProcessReport,
  type Forwarded,
  type InTurns,
  type StormResult,
} from './two-process.ts';

const megabytes = Number(process.env.BENCH_TUNNEL_MB ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const roundTrips = Number(process.env.BENCH_ROUND_TRIPS ?? 2000);
const idleAgents = Number(process.env.BENCH_IDLE_AGENTS ?? 2000);
const twoProcessIdleAgents = Number(process.env.BENCH_IDLE_AGENTS ?? 10_000);
const stormAgents = Math.min(twoProcessIdleAgents, Number(process.env.BENCH_STORM_AGENTS ?? 2000));
const attachBatch = 50;
const pairs = Number(process.env.BENCH_PAIRS ?? 3);
const adminEmail = 'bench-admin@example.com';
const password = randomBytes(18).toString('base64url');
// Shared by the server processes: it signs their internal links.
const secretKey = randomBytes(32).toString('base64');
const here = import.meta.dirname;
// Other work on the machine skews the ratios; the report shows how busy it was.
const loadBefore = os.loadavg();
// The browser id the portal page would send; one per run.
const controller = randomUUID();

const database = process.env.DATABASE_URL ? await throwawayDatabase(process.env.DATABASE_URL) : undefined;
if (process.env.DATABASE_URL && !database) throw new Error('DATABASE_URL is set but does not answer');
const roles: ChildRole[] = [];
const role = async (script: string, env: Record<string, string> = {}) => {
  const started = await startRole(path.join(here, script), env);
  roles.push(started);
  return started;
};

const serverEnv = {
  BENCH_ADMIN_EMAIL: adminEmail,
  BENCH_ADMIN_PASSWORD: password,
  FLEETGATE_SECRET_KEY: secretKey,
  ...(database ? { BENCH_DATABASE_URL: database.url } : {}),
};

try {
  const [server, agent, connector, ...proxyRoles] = await Promise.all([
    role('server.ts', serverEnv),
    role('agent.ts'),
    role('connector.ts'),
    role('proxy.ts'),
    role('proxy.ts'),
    role('proxy.ts'),
  ]);
  const info = await server.request<ServerInfo>('info');
  const relayUrl = agentRelayUrl(info);
  const services = await agent.request<LanService[]>('services');
  const echoPort = services.find((s) => s.name === 'echo')!.port;
  // Three plain proxies in a row (user → 1 → 2 → 3 → echo): the tunnel's three processes
  // without framing, multiplexing or WebSocket, the most the tunnel could reach here.
  let proxyPort = echoPort;
  for (const proxy of [...proxyRoles].reverse()) proxyPort = await proxy.request<number>('start', proxyPort);
  const [device] = await server.request<SeededAgent[]>('agents', { count: 1, services });
  await agent.request('attach', { relayUrl, credential: device!.credential });

  const token = await login(info.baseUrl);
  const userId = await myUserId(info.baseUrl, token);
  const connectorUrl = await connector.request<string>('start', info.baseUrl);
  const tunnelPort = await connectThrough(connectorUrl, info, token, userId, device!.publicId);

  // Same order for both paths: warm-up, then the measured run.
  const bytes = megabytes * 1e6;
  const bulk = async (port: number) => {
    await bulkEcho(port, 16e6, 5000);
    return bulkEcho(port, bytes, seconds * 1000);
  };
  const rtt = (port: number) => pingPong(port, 1024, 200, roundTrips);
  const direct = { bulk: await bulk(echoPort), rtt: await rtt(echoPort) };
  // CPU time of each path's processes during its bulk run (incl. warm-up): who limits it.
  const proxyCpuBefore = await cpuOf(proxyRoles);
  const proxyBulk = await bulk(proxyPort);
  const proxyCpu = cpuSpent(proxyCpuBefore, await cpuOf(proxyRoles));
  const proxies = { bulk: proxyBulk, rtt: await rtt(proxyPort) };
  const cpuBefore = await cpuOf([server, agent, connector]);
  const tunnelBulk = await bulk(tunnelPort);
  const cpu = cpuSpent(cpuBefore, await cpuOf([server, agent, connector]));
  const tunnel = { bulk: tunnelBulk, rtt: await rtt(tunnelPort) };
  const tunnelInTurns = await inTurns(proxyPort, tunnelPort, bytes);
  await local(connectorUrl, 'POST', '/disconnect', info.baseUrl, token);

  // Two processes on one database: the connector asks process A (the public address) for a
  // ticket and attaches there; the device's agent is attached to process B, so A forwards.
  let forwarded: Forwarded | undefined;
  let serverB: ChildRole | undefined;
  let infoB: ServerInfo | undefined;
  if (database) {
    const [startedB, agentB] = await Promise.all([
      role('server.ts', { ...serverEnv, BENCH_PUBLIC_URL: info.baseUrl }),
      role('agent.ts'),
    ]);
    serverB = startedB;
    infoB = await serverB.request<ServerInfo>('info');
    const servicesB = await agentB.request<LanService[]>('services');
    const [deviceB] = await server.request<SeededAgent[]>('agents', { count: 1, services: servicesB });
    await agentB.request('attach', { relayUrl: agentRelayUrl(infoB), credential: deviceB!.credential });
    const forwardedPort = await connectThrough(connectorUrl, info, token, userId, deviceB!.publicId);
    const forwardedBefore = await cpuOf([connector, server, serverB, agentB]);
    const forwardedBulk = await bulk(forwardedPort);
    const forwardedCpu = cpuSpent(forwardedBefore, await cpuOf([connector, server, serverB, agentB]));
    const inTurnsWithCeiling = await inTurns(proxyPort, forwardedPort, bytes);
    forwarded = {
      bulk: forwardedBulk,
      rtt: await rtt(forwardedPort),
      cpu: forwardedCpu,
      inTurns: inTurnsWithCeiling,
    };
    await local(connectorUrl, 'POST', '/disconnect', info.baseUrl, token);
  }

  // The two-process attach storm and idle agents first, while neither process has held any.
  let storm: StormResult | undefined;
  if (serverB && infoB)
    storm = await attachStorm({
      servers: [server, serverB],
      relayUrls: [relayUrl, agentRelayUrl(infoB)],
      seed: (count) => server.request<SeededAgent[]>('agents', { count, services: [] }, 120_000),
      startSwarm: () => role('idle-agents.ts'),
      databaseCpu: () => databaseCpu(database!.url),
      databaseCommits: () => databaseCommits(database!.url),
      total: twoProcessIdleAgents,
      storm: stormAgents,
    });

  const memory = await idleAgentMemory(server, relayUrl);
  process.stdout.write(report({ info, direct, proxies, tunnel, cpu, proxyCpu, memory }));
  if (forwarded && storm && infoB) {
    const names = [info.serverName!, infoB.serverName!];
    process.stdout.write(twoProcessReport({ names, direct, tunnel, tunnelInTurns, forwarded, storm }));
  }
} finally {
  await Promise.all(roles.map((r) => r.stop()));
  await database?.drop();
}

/**
 * The ceiling's and a path's bulk runs taken in turn, `pairs` times: the machine's other work,
 * which changes from minute to minute, weighs on both runs of a pair alike, so each pair's ratio
 * holds where single runs minutes apart do not (they differed by a third on this machine).
 */
async function inTurns(ceilingPort: number, port: number, bytes: number): Promise<InTurns> {
  const ratios: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const ceiling = await bulkEcho(ceilingPort, bytes, seconds * 1000);
    const path = await bulkEcho(port, bytes, seconds * 1000);
    ratios.push(path.megabytesPerSecond / ceiling.megabytesPerSecond);
  }
  return { ratios };
}

/** CPU time (user+system, µs) of the roles and of this process, to see who limits the tunnel. */
async function cpuOf(children: ChildRole[]): Promise<number[]> {
  const used = await Promise.all(children.map((c) => c.request<NodeJS.CpuUsage>('cpu')));
  return [...used, process.cpuUsage()].map((u) => u.user + u.system);
}
function cpuSpent(before: number[], after: number[]): number[] {
  return after.map((value, i) => (value - before[i]!) / 1e6);
}

function agentRelayUrl(info: ServerInfo): string {
  return `${info.baseUrl.replace(/^http/, 'ws')}/relay/agent`;
}

async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/AccessTokenList`, {
    method: 'POST',
    headers: {
      'Api-Version': '2',
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`${adminEmail}::${password}`).toString('base64')}`,
    },
    body: JSON.stringify({ expiresIn: 3600 }),
  });
  if (response.status !== 201) throw new Error(`login failed with ${response.status}`);
  return ((await response.json()) as { data: { secretId: string } }).data.secretId;
}

/** The signed-in user's publicId, which the portal page sends with a connect. */
async function myUserId(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/MyUser`, {
    headers: { 'Api-Version': '2', Authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`MyUser answered ${response.status}`);
  return ((await response.json()) as { data: { publicId: string } }).data.publicId;
}

/** Calls the connector's local API as the portal page does (its Origin, the user's token). */
async function local(
  base: string,
  method: string,
  route: string,
  portal: string,
  token: string,
  body?: unknown,
) {
  const response = await fetch(base + route, {
    method,
    headers: {
      Origin: portal,
      'Api-Access-Token': token,
      'VPN-Client-Controller-Identifier': controller,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as ConnectorStatus };
}

/** Connect as the portal's Connect button does; the echo service's local port once connected. */
async function connectThrough(
  connectorUrl: string,
  info: ServerInfo,
  token: string,
  userId: string,
  agentId: string,
) {
  const body = { agentId, companyId: info.companyPublicId, userId };
  const started = await local(connectorUrl, 'POST', '/connect', info.baseUrl, token, body);
  if (started.status !== 202)
    throw new Error(`connect answered ${started.status} ${JSON.stringify(started.body)}`);
  for (let i = 0; i < 300; i++) {
    const { body: status } = await local(connectorUrl, 'GET', '/status', info.baseUrl, token);
    if (status.status === 'connected') return status.services.find((s) => s.name === 'echo')!.localPort;
    if (status.status === 'idle') throw new Error(`connect failed: ${status.code} ${status.message}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('connector did not connect within 30 s');
}

type IdleMemory = {
  before: { heapUsed: number; external: number };
  after: { heapUsed: number; external: number };
  attach: AttachManyResult;
  stillOpen: number;
};

/** The server's heap+external before and after `idleAgents` agents attach (agents already in the DB). */
async function idleAgentMemory(server: ChildRole, relayUrl: string): Promise<IdleMemory> {
  const agents = await server.request<SeededAgent[]>('agents', { count: idleAgents, services: [] });
  const swarm = await role('idle-agents.ts');
  const before = await server.request<IdleMemory['before']>('memory');
  const attach = await swarm.request<AttachManyResult>(
    'attach',
    {
      relayUrls: [relayUrl],
      credentials: agents.map((a) => a.credential),
      batch: attachBatch,
      deadlineMs: 240_000,
    },
    300_000,
  );
  // Let the relay finish what each attach started (sessions recorded, events published).
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = await server.request<IdleMemory['after']>('memory');
  const stillOpen = await swarm.request<number>('open');
  return { before, after, attach, stillOpen };
}

type PathResult = { bulk: BulkResult; rtt: RoundTrips };

function report({
  info,
  direct,
  proxies,
  tunnel,
  cpu,
  proxyCpu,
  memory,
}: {
  info: ServerInfo;
  direct: PathResult;
  /** Three plain TCP proxies in a row: the tunnel's processes without its work. */
  proxies: PathResult;
  tunnel: PathResult;
  cpu: number[];
  proxyCpu: number[];
  memory: IdleMemory;
}): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const speed = (path: PathResult) => path.bulk.megabytesPerSecond;
  const ratio = speed(tunnel) / speed(direct);
  const addedMedian = tunnel.rtt.medianMs - direct.rtt.medianMs;
  const addedP99 = tunnel.rtt.p99Ms - direct.rtt.p99Ms;
  const { before, after, attach } = memory;
  const grown = after.heapUsed + after.external - (before.heapUsed + before.external);
  const perAgent = grown / Math.max(1, attach.attached);
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const bulkLine = (name: string, r: BulkResult) =>
    `  ${name.padEnd(22)} ${r.megabytesPerSecond.toFixed(1).padStart(8)} MB/s   (${(r.bytes / 1e6).toFixed(0)} MB echoed in ${r.seconds.toFixed(2)} s)`;
  const rttLine = (name: string, r: RoundTrips) =>
    `  ${name.padEnd(22)} median ${r.medianMs.toFixed(3)} ms   p99 ${r.p99Ms.toFixed(3)} ms   (${r.count} round trips)`;
  const refused = Object.entries(attach.refused).map(([status, n]) => `${n}×${status}`);
  return [
    `tunnel benchmark (${info.database}; ${os.availableParallelism()} cores shared by the load generator,`,
    '  connector, server with relay, and agent with echo service, each in its own process;',
    `  load average before the run ${loadBefore.map((n) => n.toFixed(2)).join(' ')})`,
    'bulk throughput (one connection, bytes echoed back per second)',
    bulkLine('direct loopback TCP', direct.bulk),
    bulkLine('through the tunnel', tunnel.bulk),
    `  ratio ${ratio.toFixed(2)} (goal >= 0.50: ${met(ratio >= 0.5)})`,
    bulkLine('3 chained TCP proxies', proxies.bulk),
    `  ratio ${(speed(proxies) / speed(direct)).toFixed(2)} (the tunnel's three Node processes as plain pipes: its ceiling here);` +
      ` tunnel / proxies ${(speed(tunnel) / speed(proxies)).toFixed(2)}`,
    `  CPU seconds during the tunnel run (incl. warm-up): server ${cpu[0]!.toFixed(2)}, agent ${cpu[1]!.toFixed(2)},` +
      ` connector ${cpu[2]!.toFixed(2)}, load generator ${cpu[3]!.toFixed(2)}`,
    `  CPU seconds during the proxies run: proxies ${proxyCpu
      .slice(0, 3)
      .map((c) => c.toFixed(2))
      .join(', ')},` + ` load generator ${proxyCpu[3]!.toFixed(2)}`,
    '1 KB round trips',
    rttLine('direct loopback TCP', direct.rtt),
    rttLine('through the tunnel', tunnel.rtt),
    `  added median ${addedMedian.toFixed(3)} ms (goal <= 0.300 ms: ${met(addedMedian <= 0.3)}),` +
      ` added p99 ${addedP99.toFixed(3)} ms (${met(addedP99 <= 0.3)})`,
    rttLine('3 chained TCP proxies', proxies.rtt),
    `  added median ${(proxies.rtt.medianMs - direct.rtt.medianMs).toFixed(3)} ms, p99 ${(proxies.rtt.p99Ms - direct.rtt.p99Ms).toFixed(3)} ms (reference)`,
    `idle agent connections on one relay (${attach.attached} of ${idleAgents} attached in ${attach.seconds.toFixed(1)} s,` +
      ` ${(attach.attached / attach.seconds).toFixed(0)}/s in batches of ${attachBatch}` +
      `${refused.length ? `; refused ${refused.join(', ')}` : ''}${attach.failed ? `; ${attach.failed} failed` : ''};` +
      ` ${memory.stillOpen} still open after the measurement)`,
    `  server heap    ${mb(before.heapUsed)} → ${mb(after.heapUsed)}`,
    `  server external ${mb(before.external)} → ${mb(after.external)}`,
    `  per connection ${kb(perAgent)} heap+external (heap ${kb((after.heapUsed - before.heapUsed) / Math.max(1, attach.attached))}) (goal <= 30 KB: ${met(attach.attached === idleAgents && perAgent <= 30 * 1024)})`,
    '',
  ].join('\n');
}
