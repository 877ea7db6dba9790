/**
 * Ingest against API calls on embedded PGlite, which runs one query at a time: one trial agent
 * of company A posts BENCH_BATCHES sample batches (default 240, its budget for a minute) of
 * BENCH_TAGS samples each (default 1,000), BENCH_IN_FLIGHT at a time (default 8), while a user
 * of company B reads its agent list over and over. Prints the user's call times while no batch
 * is sent (the baseline, same run) and while batches arrive, and the batches stored per second.
 */
import { benchLogin, startBenchServer } from '../support.ts';

const batchCount = Number(process.env.BENCH_BATCHES ?? 240);
const tagCount = Number(process.env.BENCH_TAGS ?? 1000);
const inFlight = Number(process.env.BENCH_IN_FLIGHT ?? 8);
const baselineCalls = 100;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

const { server, port, cleanUp } = await startBenchServer({ MAX_CONNECTIONS_PER_ADDRESS: '0' });
server.on('exit', (code, signal) => console.log(`server exited: ${code} ${signal}`));
try {
  const { base, signedIn } = await benchLogin(port);
  const call = async (company: string, method: string, rel: string, body?: unknown) => {
    const response = await fetch(`${base}/${rel}`, {
      method,
      headers: { ...signedIn, 'Api-Company': company, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { data: unknown };
    if (response.status >= 300)
      throw new Error(`${method} ${rel}: ${response.status} ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const newCompany = async (name: string) =>
    ((await call('', 'POST', 'CompanyList', { name })) as { publicId: string }).publicId;
  const ingesting = await newCompany('Bench ingest');
  const reading = await newCompany('Bench reader');

  // Company A: a trial agent with `tagCount` tags and its credential.
  await call(ingesting, 'POST', 'AppInstall/dataLogging');
  const agent = (await call(ingesting, 'POST', 'AgentList', {
    name: 'Busy agent',
    servers: [{ name: 'plc', host: '10.0.0.5', port: 502, type: 'tcp' }],
  })) as { publicId: string; servers: { publicId: string }[] };
  const source = (await call(ingesting, 'POST', `AgentDataSourceList/${agent.publicId}`, {
    name: 'PLC',
    kind: 'modbus',
    server: { publicId: agent.servers[0]!.publicId },
  })) as { publicId: string };
  const tags: string[] = [];
  for (let from = 0; from < tagCount; from += 500) {
    const created = (await call(
      ingesting,
      'POST',
      `AgentTagList/${agent.publicId}`,
      Array.from({ length: Math.min(500, tagCount - from) }, (_, i) => ({
        name: `tag${from + i}`,
        dataSource: { publicId: source.publicId },
        address: `hr:${from + i}`,
        dataType: 'float32',
      })),
    )) as { publicId: string }[];
    tags.push(...created.map((tag) => tag.publicId));
  }
  const token = (await call(ingesting, 'POST', `AgentEnrolmentTokenList/${agent.publicId}`)) as {
    token: string;
  };
  const { credential } = (await call('', 'POST', 'AgentEnrolment', { token: token.token })) as {
    credential: string;
  };
  await call(ingesting, 'POST', 'AgentAppLoggingListActivate', { publicId: agent.publicId, trial: true });

  // Company B: a few agents to list.
  for (let i = 0; i < 20; i++) await call(reading, 'POST', 'AgentList', { name: `Reader agent ${i}` });
  const timedRead = async () => {
    const sent = performance.now();
    await call(reading, 'GET', 'AgentList');
    return performance.now() - sent;
  };

  const idle: number[] = [];
  for (let i = 0; i < baselineCalls; i++) idle.push(await timedRead());

  let next = 0;
  let stored = 0;
  let refused = 0;
  const started = performance.now();
  const sendBatches = async () => {
    for (let n = next++; n < batchCount; n = next++) {
      const time = Date.now() - (batchCount - n) * 1000;
      const response = await fetch(`${base}/AgentSampleBatch`, {
        method: 'POST',
        headers: {
          'Api-Version': '2',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${credential}`,
        },
        body: JSON.stringify({
          batchId: `b${n}`,
          samples: tags.map((tag, i) => [tag, time, Math.sin(n + i)]),
        }),
      });
      const answer = await response.text();
      if (response.status === 200) stored++;
      else {
        refused++;
        console.log(`batch ${n}: ${response.status} ${answer.slice(0, 200)}`);
      }
      if (n % 20 === 0) console.log(`batch ${n} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  };
  const ingest = Promise.all(Array.from({ length: inFlight }, sendBatches));
  let ingestDone = false;
  void ingest.then(() => (ingestDone = true));
  const busy: number[] = [];
  while (!ingestDone) busy.push(await timedRead());
  await ingest;
  const seconds = (performance.now() - started) / 1000;

  console.log(
    `PGlite: ${batchCount} batches of ${tagCount} samples (${inFlight} in flight) from one agent, another company's AgentList read meanwhile:`,
  );
  console.log(`  batches stored:            ${stored} in ${seconds.toFixed(1)} s (${refused} refused)`);
  console.log(
    `  reads without ingest p50 / p95: ${percentile(idle, 0.5).toFixed(0)} / ${percentile(idle, 0.95).toFixed(0)} ms (${idle.length})`,
  );
  console.log(
    `  reads during ingest  p50 / p95: ${percentile(busy, 0.5).toFixed(0)} / ${percentile(busy, 0.95).toFixed(0)} ms (${busy.length}); p50 ratio ${(percentile(busy, 0.5) / percentile(idle, 0.5)).toFixed(1)}`,
  );
} finally {
  server.kill();
  await new Promise((resolve) => server.once('exit', resolve));
  await cleanUp();
}
