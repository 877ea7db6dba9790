import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts a Node process and resolves once it prints a line matching `ready`. */
export function startProcess(
  script: string,
  env: Record<string, string>,
  ready: RegExp,
  /** Node options before the script (`--cpu-prof` to profile it). */
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
}

/** A throwaway PostgreSQL database for one run, or undefined when no server answers. */
export async function throwawayDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const name = `fleetgate_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The password benchmarks give the demo administrator (FLEETGATE_ADMIN_PASSWORD). */
export const benchAdminPassword = 'bench-admin-passphrase';

/**
 * The real server (`apps/server/src/main.ts`) on a free loopback port with a data directory of
 * its own and the demo administrator's password set; `env` adds settings (DATABASE_URL …).
 * `cleanUp` removes the data directory once the server has stopped.
 */
export async function startBenchServer(env: Record<string, string> = {}, nodeArgs: string[] = []) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetgate-bench-'));
  const port = await freePort();
  const server = await startProcess(
    path.resolve(import.meta.dirname, '../apps/server/src/main.ts'),
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      FLEETGATE_ADMIN_PASSWORD: benchAdminPassword,
      ...env,
    },
    /listening on/,
    nodeArgs,
  );
  return { server, port, cleanUp: () => fs.rm(dataDir, { recursive: true, force: true }) };
}

/**
 * CPU seconds (user+system) each PostgreSQL backend serving `databaseUrl` has used so far, by
 * process id, read from /proc (the server on this machine); empty where /proc is not there.
 * Only this database's backends: others may use the same server meanwhile.
 */
export async function databaseCpu(databaseUrl: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  await client.end();
  const used = new Map<number, number>();
  for (const { pid } of rows) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
    if (!stat) continue;
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    used.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
  }
  return used;
}

/** CPU seconds the backends used between two `databaseCpu` readings (new ones from zero). */
export function databaseCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, seconds] of after) spent += seconds - (before.get(pid) ?? 0);
  return spent;
}

/** Transactions committed in `databaseUrl`'s database so far (statistics lag by up to a second). */
export async function databaseCommits(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ commits: string }>(
    'select xact_commit as commits from pg_stat_database where datname = current_database()',
  );
  await client.end();
  return Number(rows[0]?.commits ?? 0);
}

/** Signs the demo administrator in through the API: the base URL and the headers of a signed-in call. */
export async function benchLogin(port: number) {
  const base = `http://127.0.0.1:${port}/api`;
  const login = await fetch(`${base}/AccessTokenList`, {
    method: 'POST',
    headers: {
      'Api-Version': '2',
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`admin@example.com::${benchAdminPassword}`).toString('base64')}`,
    },
    body: JSON.stringify({ expiresIn: 3600 }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { data: token } = (await login.json()) as { data: { secretId: string } };
  return { base, signedIn: { 'Api-Version': '2', Authorization: `Bearer ${token.secretId}` } };
}
