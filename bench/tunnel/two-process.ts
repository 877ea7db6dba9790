/**
 * The tunnel benchmark's two-process part (PostgreSQL only): two server processes on one
 * database, as behind a load balancer. The forwarded hop is measured in run.ts (connector on
 * process A, agent on process B); here: an attach storm (`storm` agents all at once, every other
 * one to each process) and then idle agents up to `total` over both, with each process's memory
 * growth per agent it holds. The agents are split over several load-generator processes.
 */
import { databaseCpuSpent } from '../support.ts';
import type { ChildRole } from './ipc.ts';
import type { AttachManyResult } from './idle-agents.ts';
import type { BulkResult, RoundTrips } from './measure.ts';
import type { SeededAgent } from './server.ts';

type PathResult = { bulk: BulkResult; rtt: RoundTrips };
/** A path's throughput over the ceiling's (3 chained proxies), from runs of each taken in turn. */
export type InTurns = { ratios: number[] };
/** Connector → process A → internal link → process B → agent; CPU of connector, A, B, agent. */
export type Forwarded = PathResult & { cpu: number[]; inTurns: InTurns };

type Memory = { heapUsed: number; external: number; rss: number };

export type StormResult = {
  /** CPU seconds during the storm: A, B, the load generators together, PostgreSQL's backends. */
  stormCpu: { servers: number[]; loadGenerators: number; database: number };
  /** Transactions committed in the database during the storm (each statement outside one counts). */
  stormCommits: number;
  storm: {
    requested: number;
    attached: number;
    seconds: number;
    refused: Record<string, number>;
    failed: number;
  };
  rest: {
    requested: number;
    attached: number;
    seconds: number;
    refused: Record<string, number>;
    failed: number;
  };
  /** Per server process: agents it holds, its memory before and after. */
  perServer: { attached: number; before: Memory; after: Memory }[];
  stillOpen: number;
  swarms: number;
};

/** Each load-generator process holds at most this many agents. */
const perSwarm = 5000;
const restBatch = 250;

export async function attachStorm(options: {
  servers: ChildRole[];
  relayUrls: string[];
  seed: (count: number) => Promise<SeededAgent[]>;
  startSwarm: () => Promise<ChildRole>;
  /** CPU seconds used so far by each of the database's backends. */
  databaseCpu: () => Promise<Map<number, number>>;
  databaseCommits: () => Promise<number>;
  total: number;
  storm: number;
}): Promise<StormResult> {
  const { servers, relayUrls, total, storm } = options;
  const agents = await options.seed(total);
  const swarmCount = Math.max(2, Math.ceil(total / perSwarm));
  const swarms = await Promise.all(Array.from({ length: swarmCount }, () => options.startSwarm()));
  // Each load generator gets an equal share of the storm and of the rest, and sends every other
  // agent of its share to each process.
  const credentials = agents.map((a) => a.credential);
  const share = (list: string[], i: number) => {
    const size = Math.ceil(list.length / swarmCount);
    return list.slice(i * size, (i + 1) * size);
  };
  const stormCredentials = credentials.slice(0, storm);
  const restCredentials = credentials.slice(storm);
  const before = await Promise.all(servers.map((s) => s.request<Memory>('memory')));
  const run = async (list: string[], batch: (share: string[]) => number) => {
    const results = await Promise.all(
      swarms.map((swarm, i) => {
        const mine = share(list, i);
        return swarm.request<AttachManyResult>(
          'attach',
          { relayUrls, credentials: mine, batch: Math.max(1, batch(mine)), deadlineMs: 300_000 },
          360_000,
        );
      }),
    );
    return results;
  };
  const sum = (results: AttachManyResult[]) => {
    const refused: Record<string, number> = {};
    for (const r of results)
      for (const [status, n] of Object.entries(r.refused)) refused[status] = (refused[status] ?? 0) + n;
    return {
      attached: results.reduce((n, r) => n + r.attached, 0),
      // The load generators start together; the storm lasts until the last one is done.
      seconds: Math.max(...results.map((r) => r.seconds)),
      refused,
      failed: results.reduce((n, r) => n + r.failed, 0),
    };
  };
  const cpuOf = async (roles: ChildRole[]) =>
    (await Promise.all(roles.map((r) => r.request<NodeJS.CpuUsage>('cpu')))).map(
      (u) => (u.user + u.system) / 1e6,
    );
  const cpuBefore = {
    servers: await cpuOf(servers),
    swarms: await cpuOf(swarms),
    db: await options.databaseCpu(),
    commits: await options.databaseCommits(),
  };
  // All at once: each load generator opens its whole share in one go.
  const stormResults = await run(stormCredentials, (mine) => mine.length);
  // The relays' work that each attach starts (events, data config) is counted too.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const stormCpu = {
    servers: (await cpuOf(servers)).map((c, i) => c - cpuBefore.servers[i]!),
    loadGenerators: (await cpuOf(swarms)).reduce((n, c, i) => n + c - cpuBefore.swarms[i]!, 0),
    database: databaseCpuSpent(cpuBefore.db, await options.databaseCpu()),
  };
  const stormCommits = (await options.databaseCommits()) - cpuBefore.commits;
  const restResults = await run(restCredentials, () => restBatch);
  // Let the relays finish what each attach started (sessions recorded, events published, and
  // the data config push, which these bare connections never acknowledge, given up after 15 s),
  // so what is measured is idle agents.
  await new Promise((resolve) => setTimeout(resolve, 17_000));
  const after = await Promise.all(servers.map((s) => s.request<Memory>('memory')));
  const all = [...stormResults, ...restResults];
  const perServer = servers.map((_, k) => ({
    attached: all.reduce((n, r) => n + r.attachedPer[k]!, 0),
    before: before[k]!,
    after: after[k]!,
  }));
  const stillOpen = (await Promise.all(swarms.map((s) => s.request<number>('open')))).reduce(
    (a, b) => a + b,
    0,
  );
  await Promise.all(swarms.map((s) => s.stop()));
  // The relays record every agent's departure before the next measurement starts.
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  return {
    stormCpu,
    stormCommits,
    storm: { requested: stormCredentials.length, ...sum(stormResults) },
    rest: { requested: restCredentials.length, ...sum(restResults) },
    perServer,
    stillOpen,
    swarms: swarmCount,
  };
}

export function twoProcessReport({
  names,
  direct,
  tunnel,
  tunnelInTurns,
  forwarded,
  storm,
}: {
  names: string[];
  direct: PathResult;
  tunnel: PathResult;
  tunnelInTurns: InTurns;
  forwarded: Forwarded;
  storm: StormResult;
}): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const speed = (path: PathResult) => path.bulk.megabytesPerSecond;
  const ratioLine = (name: string, { ratios }: InTurns, goal: number) => {
    const sorted = [...ratios].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return (
      `  ${name} ratio ${median.toFixed(2)} (goal >= ${goal.toFixed(2)}: ${met(median >= goal)});` +
      ` pairs ${ratios.map((r) => r.toFixed(2)).join(', ')}`
    );
  };
  const refusedText = (r: StormResult['storm']) => {
    const refused = Object.entries(r.refused).map(([status, n]) => `${n}×${status}`);
    return `refused ${refused.length ? refused.join(', ') : 'none'}, failed ${r.failed}`;
  };
  const total = storm.storm.requested + storm.rest.requested;
  const attachedAll = storm.storm.attached + storm.rest.attached;
  const stormRate = storm.storm.attached / storm.storm.seconds;
  const perAttach = (seconds: number) => ((seconds * 1000) / Math.max(1, storm.storm.attached)).toFixed(2);
  const lines = [
    `two server processes on one PostgreSQL database (A ${names[0]}, B ${names[1]}; the same 2 cores)`,
    'bulk throughput against the ceiling (3 chained TCP proxies): the median of the ratios of',
    `  ${tunnelInTurns.ratios.length} pairs of runs, ceiling and path taken in turn`,
    ratioLine('one process (connector → A → agent)             ', tunnelInTurns, 0.6),
    ratioLine('forwarded (connector → A → internal → B → agent)', forwarded.inTurns, 0.5),
    `  forwarded alone ${speed(forwarded).toFixed(1)} MB/s, ${(speed(forwarded) / speed(direct)).toFixed(2)} of direct loopback TCP`,
    `  CPU seconds during the forwarded run (incl. warm-up): connector ${forwarded.cpu[0]!.toFixed(2)},` +
      ` A ${forwarded.cpu[1]!.toFixed(2)}, B ${forwarded.cpu[2]!.toFixed(2)}, agent ${forwarded.cpu[3]!.toFixed(2)},` +
      ` load generator ${forwarded.cpu[4]!.toFixed(2)}`,
    `  1 KB round trip forwarded: median ${forwarded.rtt.medianMs.toFixed(3)} ms, p99 ${forwarded.rtt.p99Ms.toFixed(3)} ms` +
      ` (one process: ${tunnel.rtt.medianMs.toFixed(3)} / ${tunnel.rtt.p99Ms.toFixed(3)} ms)`,
    `attach storm: ${storm.storm.requested} agents at once, every other one to each process, from ${storm.swarms} load-generator processes`,
    `  ${storm.storm.attached} attached in ${storm.storm.seconds.toFixed(2)} s: ${stormRate.toFixed(0)}/s` +
      ` (goal >= 1000/s: ${met(stormRate >= 1000 && storm.storm.attached === storm.storm.requested)}); ${refusedText(storm.storm)}`,
    `  CPU per attach (ms, until 3 s after the storm, so with the work each attach starts):` +
      ` A ${perAttach(storm.stormCpu.servers[0]!)}, B ${perAttach(storm.stormCpu.servers[1]!)},` +
      ` PostgreSQL ${perAttach(storm.stormCpu.database)}, load generators ${perAttach(storm.stormCpu.loadGenerators)}` +
      `; ${(storm.stormCommits / Math.max(1, storm.storm.attached)).toFixed(1)} database transactions per attach` +
      ` (CPU seconds: ${[...storm.stormCpu.servers, storm.stormCpu.database, storm.stormCpu.loadGenerators].map((c) => c.toFixed(2)).join(', ')})`,
    `idle agents over both processes: ${attachedAll} of ${total} attached (after the storm, ${storm.rest.requested} more` +
      ` in batches of ${restBatch} per load generator in ${storm.rest.seconds.toFixed(1)} s; ${refusedText(storm.rest)});` +
      ` ${storm.stillOpen} still open after the measurement`,
    ...storm.perServer.flatMap((s, k) => {
      const per = (n: number) => kb(n / Math.max(1, s.attached));
      const heapExternal = s.after.heapUsed + s.after.external - (s.before.heapUsed + s.before.external);
      const rss = s.after.rss - s.before.rss;
      return [
        `  ${k === 0 ? 'A' : 'B'}: ${s.attached} agents; heap ${mb(s.before.heapUsed)} → ${mb(s.after.heapUsed)},` +
          ` external ${mb(s.before.external)} → ${mb(s.after.external)}, RSS ${mb(s.before.rss)} → ${mb(s.after.rss)}`,
        `     per agent ${per(heapExternal)} heap+external (goal <= 30 KB: ${met(heapExternal / Math.max(1, s.attached) <= 30 * 1024)}),` +
          ` ${per(rss)} RSS`,
      ];
    }),
    '',
  ];
  return lines.join('\n');
}
