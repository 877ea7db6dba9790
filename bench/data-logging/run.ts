/**
 * Data logging benchmark: BENCH_AGENTS simulated agents (default 100) with BENCH_TAGS tags each
 * (default 1,000) post one batch a second (one sample per tag) over HTTP to a real server on
 * PostgreSQL for BENCH_SECONDS (default 20). Prints the samples stored per second, the server's
 * CPU time per 1,000 samples, the ingest's ratio to the same rows inserted straight into an
 * unindexed-like plain table by one client (the database's own ceiling, measured in this run),
 * and the chart query times (median of 5) for 1 day, 30 days and 1 year of one tag at 1-second
 * data (seeded set-based; BENCH_HISTORY_DAYS, default 366). Needs PostgreSQL on BENCH_POSTGRES_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres); a throwaway database is used.
 */
import fs from 'node:fs/promises';
import pg from 'pg';
import { benchLogin, startBenchServer, throwawayDatabase } from '../support.ts';

const agentCount = Number(process.env.BENCH_AGENTS ?? 100);
const tagsPerAgent = Number(process.env.BENCH_TAGS ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const historyDays = Number(process.env.BENCH_HISTORY_DAYS ?? 366);

const database = await throwawayDatabase(
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
if (!database) throw new Error('This benchmark needs PostgreSQL (BENCH_POSTGRES_URL)');
const { server, port, cleanUp } = await startBenchServer({
  DATABASE_URL: database.url,
  // Every simulated agent is this one address.
  MAX_CONNECTIONS_PER_ADDRESS: '0',
});
const db = new pg.Client({ connectionString: database.url });
await db.connect();

/** The server's CPU time (user + system) in seconds, from /proc. */
async function serverCpuSeconds(): Promise<number> {
  const stat = await fs.readFile(`/proc/${server.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const { base, signedIn } = await benchLogin(port);
  const { data: companies } = (await (await fetch(`${base}/CompanyList`, { headers: signedIn })).json()) as {
    data: { publicId: string }[];
  };
  const headers = { ...signedIn, 'Api-Company': companies[0]!.publicId, 'Content-Type': 'application/json' };
  const call = async (method: string, rel: string, body?: unknown) => {
    const response = await fetch(`${base}/${rel}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { data: unknown };
    if (response.status >= 300)
      throw new Error(`${method} ${rel}: ${response.status} ${JSON.stringify(answer)}`);
    return answer.data;
  };
  await fetch(`${base}/AppInstall/dataLogging`, {
    method: 'POST',
    headers: { ...signedIn, 'Api-Company': companies[0]!.publicId },
  });

  console.log(`setting up ${agentCount} agents with ${tagsPerAgent} tags each …`);
  const agents: { publicId: string; credential: string; tags: string[] }[] = [];
  for (let i = 0; i < agentCount; i++) {
    const agent = (await call('POST', 'AgentList', {
      name: `Bench agent ${i}`,
      servers: [{ name: 'plc', host: '10.0.0.5', port: 502, type: 'tcp' }],
    })) as { publicId: string; servers: { publicId: string }[] };
    const source = (await call('POST', `AgentDataSourceList/${agent.publicId}`, {
      name: 'PLC',
      kind: 'modbus',
      server: { publicId: agent.servers[0]!.publicId },
    })) as { publicId: string };
    // The tags go in straight by SQL (the API's create is tested elsewhere; here it would dominate the setup).
    const { rows: tags } = await db.query<{ publicId: string }>(
      `insert into tags (public_id, company_id, agent_id, data_source_id, name, address, data_type)
       select substr(md5(random()::text || n), 1, 12), ds.company_id, ds.agent_id, ds.id, 'tag' || n, 'hr:' || n, 'float32'
       from data_sources ds, generate_series(0, $2::int - 1) n where ds.public_id = $1
       returning public_id as "publicId"`,
      [source.publicId, tagsPerAgent],
    );
    const enrolmentToken = (await call('POST', `AgentEnrolmentTokenList/${agent.publicId}`)) as {
      token: string;
    };
    const enrolment = (await call('POST', 'AgentEnrolment', { token: enrolmentToken.token })) as {
      credential: string;
    };
    await call('POST', 'AgentAppLoggingListActivate', { publicId: agent.publicId, trial: true });
    agents.push({
      publicId: agent.publicId,
      credential: enrolment.credential,
      tags: tags.map((t) => t.publicId),
    });
  }

  // ---- ingest: every agent posts one batch a second ----
  let stored = 0;
  let failed = 0;
  const latencies: number[] = [];
  const cpuBefore = await serverCpuSeconds();
  const started = Date.now();
  const runAgent = async (agent: (typeof agents)[number], offset: number) => {
    await new Promise((resolve) => setTimeout(resolve, offset));
    for (let tick = 0; tick < seconds; tick++) {
      const due = started + offset + tick * 1000;
      if (Date.now() < due) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      const time = due - (due % 1000);
      const body = JSON.stringify({
        batchId: `${agent.publicId}-${tick}`,
        samples: agent.tags.map((tag, n) => [tag, time, Math.sin(tick / 10 + n)]),
      });
      const sent = performance.now();
      try {
        const response = await fetch(`${base}/AgentSampleBatch`, {
          method: 'POST',
          headers: {
            'Api-Version': '2',
            'Content-Type': 'application/json',
            Authorization: `Bearer ${agent.credential}`,
          },
          body,
        });
        const answer = (await response.json()) as { data: { stored?: number } };
        latencies.push(performance.now() - sent);
        if (response.status === 200) stored += answer.data.stored ?? 0;
        else failed++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(agents.map((agent, i) => runAgent(agent, Math.floor((i * 1000) / agents.length))));
  const elapsed = (Date.now() - started) / 1000;
  const cpu = (await serverCpuSeconds()) - cpuBefore;
  const rate = stored / elapsed;
  console.log(
    `ingest: ${stored} samples in ${elapsed.toFixed(1)} s = ${rate.toFixed(0)} samples/s, ${failed} batches refused, server CPU ${((cpu / Math.max(stored, 1)) * 1_000_000).toFixed(1)} ms per 1,000 samples`,
  );

  // ---- baseline: the same rows straight into a plain keyed table by one client ----
  await db.query(
    'create table bench_baseline (tag_id integer, time timestamptz(3), value float8, primary key (tag_id, time))',
  );
  const baselineRows = Math.min(stored, 200_000);
  const baselineStart = performance.now();
  for (let done = 0; done < baselineRows; done += tagsPerAgent) {
    const ids = Array.from({ length: tagsPerAgent }, (_, n) => n);
    const times = ids.map(() => new Date(Date.UTC(2020, 0, 1) + done * 1000));
    const values = ids.map((n) => Math.sin(n));
    await db.query(
      'insert into bench_baseline select * from unnest($1::int[], $2::timestamptz[], $3::float8[]) on conflict do nothing',
      [ids, times, values],
    );
  }
  const baselineRate = baselineRows / ((performance.now() - baselineStart) / 1000);

  // ---- charts: one tag with `historyDays` of 1-second history ----
  const tagPublicId = agents[0]!.tags[0]!;
  const { rows: tagRows } = await db.query<{ id: number }>('select id from tags where public_id = $1', [
    tagPublicId,
  ]);
  const tagId = tagRows[0]!.id;
  const now = new Date();
  const first = new Date(now.getTime() - historyDays * 86_400_000);
  console.log(`seeding ${historyDays} days of 1-second samples of one tag …`);
  for (let m = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1)); m < now;) {
    const next = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1));
    const name = `samples_y${m.getUTCFullYear()}m${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
    await db.query(
      `create table if not exists ${name} partition of samples for values from ('${m.toISOString()}') to ('${next.toISOString()}')`,
    );
    m = next;
  }
  const seedStart = performance.now();
  for (let day = 0; day < historyDays; day++) {
    const from = new Date(first.getTime() + day * 86_400_000);
    const to = new Date(Math.min(from.getTime() + 86_400_000, now.getTime() - 60_000));
    if (to <= from) break;
    await db.query(
      `with inserted as (
         insert into samples (tag_id, time, value)
         select $1, t, sin(extract(epoch from t) / 3600) from generate_series($2::timestamptz, $3::timestamptz - interval '1 second', interval '1 second') t
         on conflict do nothing returning tag_id, time, value
       ), m as (
         insert into samples_1m select tag_id, date_bin('60 seconds', time, '2000-01-01T00:00:00Z'), min(value), max(value), sum(value), count(*), max(time), (array_agg(value order by time desc))[1]
         from inserted group by 1, 2 on conflict do nothing
       )
       insert into samples_1h select tag_id, date_bin('3600 seconds', time, '2000-01-01T00:00:00Z'), min(value), max(value), sum(value), count(*), max(time), (array_agg(value order by time desc))[1]
       from inserted group by 1, 2 on conflict do nothing`,
      [tagId, from, to],
    );
  }
  await db.query('analyze samples; analyze samples_1m; analyze samples_1h');
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const chart = async (days: number) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const end = new Date(now.getTime() - i * 7_000);
      const start = new Date(end.getTime() - days * 86_400_000);
      const url = `${base}/AgentSampleSeriesList/${agents[0]!.publicId}?tag=tag0&start=${start.toISOString()}&end=${end.toISOString()}`;
      const sent = performance.now();
      const response = await fetch(url, { headers });
      const answer = (await response.json()) as { data: { buckets: unknown[] }[] };
      if (response.status !== 200 || answer.data[0]!.buckets.length === 0)
        throw new Error(`chart of ${days} days failed`);
      times.push(performance.now() - sent);
    }
    return median(times);
  };
  const charts = {
    day: await chart(1),
    month: await chart(30),
    year: await chart(Math.min(historyDays, 365)),
  };

  console.log(
    `Data logging, ${agentCount} agents × ${tagsPerAgent} tags, one batch per agent per second, ${seconds} s, PostgreSQL:`,
  );
  console.log(`  samples stored:               ${stored} (${failed} batches refused)`);
  console.log(`  samples/s stored:             ${rate.toFixed(0)} (goal ≥ 50,000)`);
  console.log(
    `  batch latency p50 / p99:      ${median(latencies).toFixed(0)} ms / ${[...latencies].sort((a, b) => a - b)[Math.floor(latencies.length * 0.99)]?.toFixed(0)} ms`,
  );
  console.log(`  server CPU per 1,000 samples: ${((cpu / Math.max(stored, 1)) * 1_000_000).toFixed(1)} ms`);
  console.log(
    `  baseline (plain insert):      ${baselineRate.toFixed(0)} samples/s; ingest / baseline ${(rate / baselineRate).toFixed(2)}`,
  );
  console.log(`  history seeded:               ${historyDays} days in ${seedSeconds.toFixed(0)} s`);
  console.log(
    `  chart 1 day / 30 days / 1 year (median of 5): ${charts.day.toFixed(0)} / ${charts.month.toFixed(0)} / ${charts.year.toFixed(0)} ms (goal ≤ 300 ms)`,
  );
} finally {
  await db.end();
  server.kill();
  await new Promise((resolve) => server.once('exit', resolve));
  await database.drop();
  await cleanUp();
}
