/**
 * API benchmark (issue 18): an authenticated `GET RoleList?fields=name&page-size=50` under 50
 * concurrent connections against bare Fastify answering the same page from one raw `pg` query
 * (one-query.ts), both started in this run on this machine and on the same PostgreSQL database.
 * Each round gives each side BENCH_SECONDS in 2-second slices taken in turn; the ratio of
 * their request rates is what counts, because it holds on a busy machine where absolute rates
 * do not. The CPU time each process spent per request (Linux) is printed beside it.
 *
 * PostgreSQL when it answers on BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres;
 * a throwaway database is made beside it), else PGlite, where there is no raw pg reference and
 * only the API's own figures are printed.
 *
 * BENCH_ROUNDS (default 1) repeats the pair of runs to show the spread. BENCH_NODE_ARGS
 * passes Node options to the server and the reference (`--cpu-prof --cpu-prof-dir=/tmp/prof`
 * profiles both, to compare where each spends its time; bench/api/profile-summary.ts reads
 * a profile).
 */
import path from 'node:path';
import fs from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { benchLogin, freePort, startBenchServer, startProcess, throwawayDatabase } from '../support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const connections = 50;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const sliceSeconds = Math.min(2, duration);
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const goal = { ratio: 0.8, p99Ms: 25 };

const database = await throwawayDatabase(
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const {
  server,
  port: serverPort,
  cleanUp,
} = await startBenchServer(database ? { DATABASE_URL: database.url } : {}, nodeArgs);
let reference: ChildProcess | undefined;

/** One side's slices added up: requests, seconds, failures, slice p99s and its process's CPU time. */
class Side {
  requests = 0;
  seconds = 0;
  failed = 0;
  p99s: number[] = [];
  cpuMs = 0;
  readonly #pid: number | undefined;
  constructor(pid: number | undefined) {
    this.#pid = pid;
  }
  async measure(slice: () => Promise<autocannon.Result>) {
    const cpuBefore = await cpuTimeMs(this.#pid);
    const result = await slice();
    const cpuAfter = await cpuTimeMs(this.#pid);
    this.requests += result.requests.total;
    this.seconds += result.duration;
    this.failed += result.non2xx + result.errors;
    this.p99s.push(result.latency.p99);
    if (cpuBefore !== undefined && cpuAfter !== undefined) this.cpuMs += cpuAfter - cpuBefore;
  }
  get rate() {
    return this.requests / this.seconds;
  }
  get cpuPerRequest() {
    return this.cpuMs / this.requests;
  }
  figures() {
    const p99s = [...this.p99s].sort((a, b) => a - b);
    const median = p99s[Math.floor(p99s.length / 2)]!;
    const cpu = this.cpuMs ? `, ${this.cpuPerRequest.toFixed(2)} ms CPU/req` : '';
    return `${this.rate.toFixed(0).padStart(5)} req/s, p99 ${median} ms (slices' median, max ${p99s.at(-1)})${cpu}`;
  }
}

/** A process's user and system CPU time so far (Linux /proc), or undefined elsewhere. */
async function cpuTimeMs(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

try {
  const { base, signedIn } = await benchLogin(serverPort);
  // There is no default company: act in the demo company, named by Api-Company.
  const companyList = await fetch(`${base}/CompanyList`, { headers: signedIn });
  const { data: companies } = (await companyList.json()) as { data: { publicId: string }[] };
  if (companies.length !== 1) throw new Error(`expected the demo company, got ${JSON.stringify(companies)}`);
  const companyPublicId = companies[0]!.publicId;
  const headers = { ...signedIn, 'Api-Company': companyPublicId };
  const roles = Array.from({ length: 60 }, (_, i) => ({
    name: `Bench role ${i}`,
    capabilities: ['agents.connect'],
  }));
  await fetch(`${base}/RoleList`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(roles),
  });
  const url = `${base}/RoleList?fields=name&page-size=50`;
  const page = (await (await fetch(url, { headers })).json()) as { data: unknown[] };
  if (page.data.length !== 50) throw new Error(`expected 50 roles, got ${JSON.stringify(page)}`);

  let referenceUrl: string | undefined;
  if (database) {
    const port = await freePort();
    reference = await startProcess(
      path.join(root, 'bench/api/one-query.ts'),
      { PORT: String(port), DATABASE_URL: database.url, COMPANY_PUBLIC_ID: companyPublicId },
      /listening/,
      nodeArgs,
    );
    referenceUrl = `http://127.0.0.1:${port}/`;
    // Both answer the same bytes' worth: the same roles, in the same order, in the same envelope.
    const same = (await (await fetch(referenceUrl)).json()) as unknown;
    if (!isDeepStrictEqual(same, page))
      throw new Error(
        `the reference answers another page:\n${JSON.stringify(same)}\n${JSON.stringify(page)}`,
      );
  }

  // Both sides get the same request headers, so neither parses more than the other.
  const run = (target: string, seconds: number) =>
    autocannon({ url: target, connections, duration: seconds, headers });
  await run(url, 2); // warm-up (JIT, pools, caches)
  if (referenceUrl) await run(referenceUrl, 2);

  const print = (line: string) => process.stdout.write(line + '\n');
  print(
    `api benchmark (${database ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${duration} s per side` +
      ` in ${sliceSeconds} s slices taken in turn, ${rounds} round(s))`,
  );
  const ratios: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    // Short slices in turn: a machine whose load changes (other work on it) weighs on both alike.
    const ours = new Side(server.pid);
    const bare = new Side(reference?.pid);
    for (let sliced = 0; sliced < duration; sliced += sliceSeconds) {
      if (referenceUrl) await bare.measure(() => run(referenceUrl, sliceSeconds));
      await ours.measure(() => run(url, sliceSeconds));
    }
    if (ours.failed > 0) throw new Error(`the API answered ${ours.failed} requests with an error`);
    if (referenceUrl) {
      const ratio = ours.rate / bare.rate;
      ratios.push(ratio);
      print(
        `  round ${round}: bare Fastify + raw pg ${bare.figures()} | GET RoleList ${ours.figures()} | ratio ${ratio.toFixed(2)}` +
          (ours.cpuMs && bare.cpuMs
            ? `, of CPU per request ${(bare.cpuPerRequest / ours.cpuPerRequest).toFixed(2)}`
            : ''),
      );
    } else {
      print(`  round ${round}: GET RoleList ${ours.figures()} (no PostgreSQL: no raw pg reference)`);
    }
  }
  if (ratios.length > 0) {
    const spread = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
    print(`  ratio ${spread} (goal >= ${goal.ratio})   p99 goal <= ${goal.p99Ms} ms`);
  }
} finally {
  // A profiled process writes its profile on the way out.
  const stopped = (child: ChildProcess) =>
    child.exitCode === null
      ? new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(resolve, 10_000).unref();
        })
      : undefined;
  await Promise.all([stopped(server), reference && stopped(reference)]);
  await database?.drop();
  await cleanUp();
}
