/**
 * API benchmark: an authenticated `GET RoleList?fields=name&page-size=50` under 50 concurrent
 * connections against a bare Fastify hello-world, both started in this run on this machine.
 * Prints both request rates, their ratio and the p99 latency. PostgreSQL when it answers on
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres), else PGlite.
 */
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs/promises';
import autocannon from 'autocannon';
import { freePort, startProcess, throwawayDatabase } from '../support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const connections = 50;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const password = 'bench-admin-passphrase';

const database = await throwawayDatabase(
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetgate-bench-'));
const [serverPort, helloPort] = [await freePort(), await freePort()];
const server = await startProcess(
  path.join(root, 'apps/server/src/main.ts'),
  {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FLEETGATE_ADMIN_PASSWORD: password,
    ...(database ? { DATABASE_URL: database.url } : {}),
  },
  /listening on/,
);
const hello = await startProcess(
  path.join(root, 'bench/api/hello.ts'),
  { PORT: String(helloPort) },
  /listening/,
);
const oneQueryPort = await freePort();
const oneQuery = database
  ? await startProcess(
      path.join(root, 'bench/api/one-query.ts'),
      { PORT: String(oneQueryPort), DATABASE_URL: database.url },
      /listening/,
    )
  : undefined;

try {
  const base = `http://127.0.0.1:${serverPort}/api`;
  const login = await fetch(`${base}/AccessTokenList`, {
    method: 'POST',
    headers: {
      'Api-Version': '2',
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`admin@example.com::${password}`).toString('base64')}`,
    },
    body: JSON.stringify({ expiresIn: 3600 }),
  });
  const { data: token } = (await login.json()) as { data: { secretId: string } };
  const signedIn = { 'Api-Version': '2', Authorization: `Bearer ${token.secretId}` };
  // There is no default company: act in the demo company, named by Api-Company.
  const companyList = await fetch(`${base}/CompanyList`, { headers: signedIn });
  const { data: companies } = (await companyList.json()) as { data: { publicId: string }[] };
  if (companies.length !== 1) throw new Error(`expected the demo company, got ${JSON.stringify(companies)}`);
  const headers = { ...signedIn, 'Api-Company': companies[0]!.publicId };
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
  const check = (await (await fetch(url, { headers })).json()) as { data: unknown[] };
  if (check.data.length !== 50) throw new Error(`expected 50 roles, got ${JSON.stringify(check)}`);

  const run = async (target: string, extraHeaders: Record<string, string>) => {
    await autocannon({ url: target, connections, duration: 2, headers: extraHeaders }); // warm-up
    return autocannon({ url: target, connections, duration, headers: extraHeaders });
  };
  const baseline = await run(`http://127.0.0.1:${helloPort}/`, {});
  const api = await run(url, headers);
  const raw = oneQuery ? await run(`http://127.0.0.1:${oneQueryPort}/`, {}) : undefined;
  if (api.non2xx > 0 || api.errors > 0)
    throw new Error(`API run had ${api.non2xx} non-2xx answers and ${api.errors} errors`);

  const ratio = api.requests.average / baseline.requests.average;
  const lines = [
    `api benchmark (${database ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${duration} s each)`,
    `  hello-world baseline   ${baseline.requests.average.toFixed(0).padStart(7)} req/s   p99 ${baseline.latency.p99} ms`,
    `  GET RoleList (50 rows) ${api.requests.average.toFixed(0).padStart(7)} req/s   p99 ${api.latency.p99} ms`,
    ...(raw
      ? [
          `  reference: bare Fastify + one raw pg query ${raw.requests.average.toFixed(0)} req/s, p99 ${raw.latency.p99} ms` +
            ` (RoleList / reference = ${(api.requests.average / raw.requests.average).toFixed(2)})`,
        ]
      : []),
    `  ratio ${ratio.toFixed(2)} (goal >= 0.40)   p99 ${api.latency.p99} ms (goal <= 25 ms)`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
} finally {
  server.kill('SIGTERM');
  hello.kill('SIGTERM');
  oneQuery?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
