import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { newPublicId } from '../../http/ids.ts';
import { insertCompany } from '../companies/company.repository.ts';
import { startSimulator, type Simulator } from '../../../../agent/src/simulator.ts';
import { seedAgent } from '../../relay/relay.test-support.ts';

/**
 * The fault test of data collection: the server and the agent run as real processes and are
 * killed (SIGKILL) mid-stream, then started again. Between the agent and the server sits a
 * recording proxy: a batch counts as acknowledged when the server's 200 passed through it to the
 * agent. Afterwards every acknowledged sample is stored exactly once, and the 1-s tag has no gap
 * but the agent's own downtime (what it collected while the server was down arrived later).
 *
 * The server runs on a PGlite data directory, or on DATABASE_URL when that is set.
 */
const serverMain = path.resolve(import.meta.dirname, '../../main.ts');
const agentBin = path.resolve(import.meta.dirname, '../../../../agent/bin/fleetgate-agent.ts');
const databaseUrl = process.env.DATABASE_URL;

type Acked = { tag: string; time: number; value: number };

let simulator: Simulator;
let dir: string;
beforeAll(async () => {
  simulator = await startSimulator();
  dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-fault-'));
});
afterAll(async () => {
  await simulator.close();
  await rm(dir, { recursive: true, force: true });
});

const open = () => openDatabase({ databaseUrl, dataDir: path.join(dir, 'data') });

/** A company with data logging, an enrolled agent with the simulator's Modbus service, one 1-s tag, logging activated. */
async function seed(db: Db) {
  const company = await insertCompany(db, `Fault ${newPublicId()}`);
  await db
    .insertInto('company_apps')
    .values({ company_id: company.id, app: 'dataLogging', config: '{}', installed_by_user_id: null })
    .execute();
  const modbus = simulator.services.find((s) => s.name === 'modbus')!;
  const agent = await seedAgent(db, company.public_id, { servers: [modbus] });
  const source = await db
    .insertInto('data_sources')
    .values({
      public_id: newPublicId(),
      company_id: company.id,
      agent_id: agent.id,
      name: 'Machine',
      kind: 'modbus',
      agent_server_id: agent.servers[0]!.id,
      unit_id: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tag = await db
    .insertInto('tags')
    .values({
      public_id: newPublicId(),
      company_id: company.id,
      agent_id: agent.id,
      data_source_id: source.id,
      name: 'Parts produced',
      address: 'hr:2',
      data_type: 'uint32',
      sample_interval_seconds: 1,
      log_mode: 'interval',
      last_time: null,
      last_value: null,
    })
    .returning(['id', 'public_id'])
    .executeTakeFirstOrThrow();
  const now = Date.now();
  await db
    .insertInto('agent_app_activations')
    .values({
      public_id: newPublicId(),
      company_id: company.id,
      agent_id: agent.id,
      app: 'dataLogging',
      source: 'trial',
      starts_on: new Date(now - 60_000),
      ends_on: new Date(now + 30 * 86_400_000),
    })
    .execute();
  return { agent, tag };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** A child process whose output lines are kept; `waitFor` resolves when a line matches. */
function start(command: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, command, { stdio: 'pipe', env: { ...process.env, ...env } });
  let output = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters.filter((w) => w.pattern.test(output))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = once(child, 'exit');
  return {
    child,
    output: () => output,
    waitFor: (pattern: RegExp, timeoutMs = 20_000) =>
      new Promise<void>((resolve, reject) => {
        if (pattern.test(output)) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`${pattern} not seen in time; output:\n${output.slice(-3000)}`)),
          timeoutMs,
        );
        waiters.push({
          pattern,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      }),
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Forwards the agent's HTTP calls to the server and records the samples of every batch the
 * server acknowledged (a 200 that went back to the agent). While the server is down it answers 502.
 */
async function recordingProxy(target: () => string) {
  const acked: Acked[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(request.headers))
        if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(key))
          headers[key] = value;
      fetch(new URL(request.url!, target()), {
        method: request.method!,
        headers,
        body: body.length > 0 ? body : null,
      }).then(
        async (answer) => {
          const text = await answer.text();
          response.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'text/plain',
          });
          response.end(text, () => {
            if (answer.status === 200 && request.url!.endsWith('/AgentSampleBatch')) {
              const batch = JSON.parse(body.toString()) as { samples: [string, number, number][] };
              for (const [tag, time, value] of batch.samples) acked.push({ tag, time, value });
            }
          });
        },
        () => {
          response.writeHead(502);
          response.end();
        },
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return { url, acked, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Polls until `check` holds. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('data collection survives killed processes', () => {
  it('stores every acknowledged sample exactly once and fills the server downtime from the spool', async () => {
    const setupDb = await open();
    if (!databaseUrl) await migrateToLatest(setupDb);
    const { agent, tag } = await seed(setupDb);
    await setupDb.destroy();

    const port = await freePort();
    const serverUrl = `http://127.0.0.1:${port}`;
    const serverEnv = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: serverUrl,
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      FLEETGATE_ADMIN_PASSWORD: 'fault-test-password-long',
    };
    const proxy = await recordingProxy(() => serverUrl);
    const agentDir = path.join(dir, 'agent');
    const config = path.join(agentDir, 'config.json');
    await mkdir(agentDir, { recursive: true });
    await writeFile(
      config,
      JSON.stringify({
        server: proxy.url,
        agentId: agent.publicId,
        credential: agent.credential,
        relayUrl: `ws://127.0.0.1:${port}/relay/agent`,
        services: simulator.services,
      }),
    );
    const startServer = async () => {
      const server = start([serverMain], serverEnv);
      await server.waitFor(/Fleetgate listening on/, 40_000);
      return server;
    };
    const startAgent = () => start([agentBin, 'run', '--config', config], {});
    const ackedOf = () => proxy.acked.filter((s) => s.tag === tag.public_id);

    let agentDown = 0;
    let agentUp = 0;
    let serverDown = 0;
    let serverUp = 0;
    let server = await startServer();
    let agentProcess = startAgent();
    const processes = () => [server, agentProcess];
    try {
      await agentProcess.waitFor(/data logging: configuration \S+ applied/);
      await until(() => ackedOf().length >= 3, 'first samples acknowledged');

      // The agent dies mid-stream and comes back: it samples with its stored config at once.
      await agentProcess.kill();
      agentDown = Date.now();
      const ackedBefore = ackedOf().length;
      agentProcess = startAgent();
      await agentProcess.waitFor(/data logging: using the stored configuration/);
      agentUp = Date.now();
      await until(() => ackedOf().length >= ackedBefore + 3, 'samples acknowledged after the agent restart');

      // The server dies mid-stream: the agent keeps sampling into its spool.
      await server.kill();
      serverDown = Date.now();
      await agentProcess.waitFor(/data logging: cannot send samples .*retrying/);
      await until(() => Date.now() - serverDown >= 3000, 'three seconds of samples spooled');
      server = await startServer();
      serverUp = Date.now();
      // What was collected while the server was down arrives, and collection goes on.
      await until(
        () => ackedOf().some((s) => s.time > serverUp),
        'samples collected after the server restart acknowledged',
        30_000,
      );
      await agentProcess.waitFor(/data logging: sending samples again/);
      expect(ackedOf().some((s) => s.time > serverDown && s.time < serverUp)).toBe(true);
    } finally {
      for (const p of processes()) await p.kill();
      await proxy.close();
    }

    const db = await open();
    try {
      const tagRow = await db
        .selectFrom('tags')
        .select('id')
        .where('public_id', '=', tag.public_id)
        .executeTakeFirstOrThrow();
      const stored = await db
        .selectFrom('samples')
        .select(['time', 'value'])
        .where('tag_id', '=', tagRow.id)
        .orderBy('time')
        .execute();
      const byTime = new Map<number, number[]>();
      for (const row of stored)
        byTime.set(row.time.getTime(), [...(byTime.get(row.time.getTime()) ?? []), row.value]);
      // Every acknowledged sample is stored, once, with its value.
      const acked = ackedOf();
      expect(acked.length).toBeGreaterThan(10);
      for (const sample of acked)
        expect(byTime.get(sample.time), String(sample.time)).toEqual([sample.value]);
      expect(byTime.size).toBe(stored.length);

      // The 1-s tag has no gap but the agent's own downtime.
      const gaps: { from: number; to: number }[] = [];
      for (let i = 1; i < stored.length; i++) {
        const from = stored[i - 1]!.time.getTime();
        const to = stored[i]!.time.getTime();
        if (to - from > 2500) gaps.push({ from, to });
      }
      // At most one gap, around the agent's restart; none while the server was down.
      expect(gaps.length, JSON.stringify(gaps)).toBeLessThanOrEqual(1);
      for (const gap of gaps) {
        expect(gap.from, JSON.stringify(gaps)).toBeGreaterThanOrEqual(agentDown - 2000);
        expect(gap.to, JSON.stringify(gaps)).toBeLessThan(Math.min(agentUp + 5000, serverDown));
      }
      expect(stored.some((row) => row.time.getTime() > serverDown && row.time.getTime() < serverUp)).toBe(
        true,
      );
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
