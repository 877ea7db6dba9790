import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TunnelTicket } from '@fleetgate/contracts';
import { useTestServer } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { hashSecret, newSecret } from '../auth/secrets.ts';
import { loadConfig } from '../config.ts';
import { startSimulator, type Simulator } from '../../../agent/src/simulator.ts';
import {
  echo,
  eventually,
  openRelayClient,
  seedAgent,
  startAgent,
  type SeededAgent,
} from './relay.test-support.ts';

const t = useTestServer();
const agentBin = path.resolve(import.meta.dirname, '../../../agent/bin/fleetgate-agent.ts');

let simulator: Simulator;
let dir: string;
beforeAll(async () => {
  simulator = await startSimulator();
  dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-agent-'));
});
afterAll(async () => {
  await simulator.close();
  await rm(dir, { recursive: true, force: true });
});

const openVpnSessions = (agent: SeededAgent) =>
  t.server.db
    .selectFrom('vpn_sessions')
    .select('id')
    .where('agent_id', '=', agent.id)
    .where('ended_at', 'is', null)
    .execute();

/** Collects a child's output lines and resolves when one matches. */
function watch(child: ChildProcess) {
  let output = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters.filter((w) => w.pattern.test(output))) waiter.resolve();
  });
  return {
    output: () => output,
    waitFor: (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        if (pattern.test(output)) resolve();
        else waiters.push({ pattern, resolve });
      }),
  };
}

describe('the agent daemon (fleetgate-agent run) as a real process', () => {
  it('attaches, carries a tunnel to the simulator, and stops cleanly on SIGTERM', async () => {
    const company = await t.newCompany();
    const agent = await seedAgent(t.server.db, company.publicId, { servers: simulator.services });
    const config = path.join(dir, 'config.json');
    await writeFile(
      config,
      JSON.stringify({
        server: t.server.baseUrl,
        agentId: agent.publicId,
        credential: agent.credential,
        relayUrl: `${t.server.baseUrl.replace(/^http/, 'ws')}/relay/agent`,
        services: simulator.services,
      }),
    );
    const child = spawn(process.execPath, [agentBin, 'run', '--config', config], { stdio: 'pipe' });
    const out = watch(child);
    try {
      await out.waitFor(/attached to the relay/);
      expect(await openVpnSessions(agent)).toHaveLength(1);

      const response = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, {
        token: company.admin.token,
        company: company.publicId,
        body: { vpn: true },
      });
      const client = await openRelayClient(response.body.data as TunnelTicket);
      const data = randomBytes(1024 * 1024);
      const echoed = await echo(client.open('echo'), data);
      expect(createHash('sha256').update(echoed).digest('hex')).toBe(
        createHash('sha256').update(data).digest('hex'),
      );
      await out.waitFor(/stream \d+: open 127\.0\.0\.1:\d+/);

      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number];
      expect(code).toBe(0);
      expect(out.output()).toMatch(
        /SIGTERM received, stopping\n.* detached from the relay \(1000 agent stopping\)\n.* stopped\n$/,
      );
      expect(await client.closed).toMatchObject({ code: 4002 });
      await eventually(async () => ((await openVpnSessions(agent)).length === 0 ? true : undefined));
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('enrols with a one-time token (--simulate) as the README says, runs, and serves the HMI page', async () => {
    const company = await t.newCompany();
    const agent = await seedAgent(t.server.db, company.publicId, { servers: [] });
    // What creating an enrolment token in the console stores: the token's hash and expiry.
    let token = newSecret();
    // As the console does: a leading "-" would read as an option on the command line.
    while (token.startsWith('-')) token = newSecret();
    await t.server.db
      .updateTable('agents')
      .set({
        credential_hash: null,
        enrolment_token_hash: hashSecret(token),
        enrolment_expires_on: new Date(Date.now() + 3600_000),
      })
      .where('id', '=', agent.id)
      .execute();
    const config = path.join(dir, 'enrolled', 'config.json');
    const enrol = spawn(
      process.execPath,
      [agentBin, 'enroll', '--server', t.server.baseUrl, '--token', token, '--simulate', '--config', config],
      { stdio: 'pipe' },
    );
    const enrolOut = watch(enrol);
    const [enrolCode] = (await once(enrol, 'exit')) as [number];
    expect(enrolCode, enrolOut.output()).toBe(0);
    expect(enrolOut.output()).toContain(`Enrolled as agent ${agent.publicId}`);
    const written = JSON.parse(await readFile(config, 'utf8')) as { credential: string; services: unknown[] };
    const row = await t.server.db
      .selectFrom('agents')
      .select('credential_hash')
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(row.credential_hash).toBe(hashSecret(written.credential));

    const child = spawn(process.execPath, [agentBin, 'run', '--config', config], { stdio: 'pipe' });
    const out = watch(child);
    try {
      await out.waitFor(/attached to the relay/);
      expect(out.output()).toMatch(/simulator: hmi on 127\.0\.0\.1:\d+, echo on 127\.0\.0\.1:\d+/);
      const hmi = await t.server.db
        .selectFrom('agent_servers')
        .select('public_id')
        .where('agent_id', '=', agent.id)
        .where('name', '=', 'hmi')
        .executeTakeFirstOrThrow();
      const response = await t.call('POST', `AgentTunnelTicketList/${agent.publicId}`, {
        token: company.admin.token,
        company: company.publicId,
        body: { vpn: false, servers: [{ publicId: hmi.public_id }] },
      });
      const client = await openRelayClient(response.body.data as TunnelTicket);
      const stream = client.open('hmi');
      const page = await new Promise<string>((resolve) => {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => resolve(text));
        stream.end('GET / HTTP/1.0\r\nHost: hmi\r\n\r\n');
      });
      expect(page).toMatch(/^HTTP\/1\.1 200/);
      expect(page).toContain('Simulated PLC HMI');
      client.ws.close();
      child.kill('SIGINT');
      const [code] = (await once(child, 'exit')) as [number];
      expect(code).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('fails with a clear message without a configuration', async () => {
    const child = spawn(process.execPath, [agentBin, 'run', '--config', path.join(dir, 'missing.json')], {
      stdio: 'pipe',
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(stderr).toContain('No agent configuration at');
  });
});

describe('server restarts', () => {
  it('the agent reconnects to the restarted server', async () => {
    const company = await t.newCompany();
    const agent = await seedAgent(t.server.db, company.publicId, { servers: simulator.services });
    const config = {
      ...loadConfig({}),
      webDist: undefined,
      logLevel: 'silent',
      databaseUrl: process.env.DATABASE_URL,
    };
    const start = async (port: number) => {
      const built = await buildApp({ config, db: t.server.db, logger: false });
      return { built, address: await built.app.listen({ port, host: '127.0.0.1' }) };
    };
    const first = await start(0);
    const port = Number(new URL(first.address).port);
    const runner = await startAgent(first.address, agent, simulator.services);
    try {
      const detached = once(runner, 'detached');
      await first.built.app.close();
      expect(await detached).toEqual([1001, 'server shutting down']);
      await eventually(async () => ((await openVpnSessions(agent)).length === 0 ? true : undefined));

      const attached = once(runner, 'attached');
      const second = await start(port);
      try {
        await attached;
        await eventually(async () => ((await openVpnSessions(agent)).length === 1 ? true : undefined));
      } finally {
        await runner.stop();
        await second.built.app.close();
      }
    } finally {
      await runner.stop();
    }
  });
});
