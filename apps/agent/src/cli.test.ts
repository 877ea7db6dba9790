import http from 'node:http';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffDelay, defaultReattachSpreadMs, reconnectDelay } from './backoff.ts';
import { main, type CliIo } from './cli.ts';
import { readConfig } from './config.ts';

/** A stand-in for the server's discovery and AgentEnrolment calls, recording what it received. */
function stubServer() {
  const received: { headers: http.IncomingHttpHeaders; body: unknown }[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const origin = `http://${request.headers.host}`;
      response.setHeader('content-type', 'application/json');
      if (request.headers['api-version'] !== '2') {
        response.statusCode = 400;
        return response.end(
          JSON.stringify({ type: 'Error', status: 'error', data: [{ message: 'version' }] }),
        );
      }
      if (request.url === '/api') {
        const data = [{ rel: 'AgentEnrolment', href: `${origin}/api/AgentEnrolment`, methods: ['POST'] }];
        return response.end(JSON.stringify({ type: 'Discovery', status: 'success', data }));
      }
      const body = JSON.parse(text) as { token: string };
      received.push({ headers: request.headers, body });
      if (body.token !== 'a-valid-one-time-token-123') {
        response.statusCode = 400;
        const data = [{ message: 'ENROLMENT_TOKEN_INVALID', propertyName: 'token' }];
        return response.end(JSON.stringify({ type: 'Error', status: 'error', data }));
      }
      response.statusCode = 201;
      const data = {
        agentId: 'abcdefghijkl',
        credential: 'secret-credential',
        relayUrl: 'ws://relay/relay/agent',
      };
      response.end(JSON.stringify({ type: 'AgentEnrolment', status: 'success', data }));
    });
  });
  return { server, received };
}

function io(env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const errors: string[] = [];
  const cliIo: CliIo = {
    log: (line) => out.push(line),
    error: (line) => errors.push(line),
    env,
    stopSignal: new Promise(() => undefined),
  };
  return { cliIo, out, errors };
}

describe('fleetgate-agent enroll', () => {
  const stub = stubServer();
  let url: string;
  let dir: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => stub.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`;
    dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-agent-cli-'));
  });
  afterAll(async () => {
    stub.server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('exchanges the token and writes a private configuration', async () => {
    const config = path.join(dir, 'nested', 'config.json');
    const { cliIo, out } = io();
    const code = await main(
      [
        'enroll',
        '--server',
        `${url}/`,
        '--token',
        'a-valid-one-time-token-123',
        '--service',
        'plc=192.168.1.10:502',
        '--config',
        config,
      ],
      cliIo,
    );
    expect(code).toBe(0);
    expect(stub.received.at(-1)!.body).toEqual({
      token: 'a-valid-one-time-token-123',
      services: [{ name: 'plc', host: '192.168.1.10', port: 502 }],
    });
    expect(JSON.parse(await readFile(config, 'utf8'))).toEqual({
      server: url,
      agentId: 'abcdefghijkl',
      credential: 'secret-credential',
      relayUrl: 'ws://relay/relay/agent',
      services: [{ name: 'plc', host: '192.168.1.10', port: 502 }],
    });
    expect((await stat(config)).mode & 0o777).toBe(0o600);
    expect(out[0]).toBe(`Enrolled as agent abcdefghijkl; configuration written to ${config}`);
  });

  it('with --simulate enrols the demo services and uses $FLEETGATE_AGENT_CONFIG', async () => {
    const config = path.join(dir, 'env.json');
    await writeFile(config, '{}', { mode: 0o644 });
    const { cliIo } = io({ FLEETGATE_AGENT_CONFIG: config });
    expect(
      await main(['enroll', '--server', url, '--token', 'a-valid-one-time-token-123', '--simulate'], cliIo),
    ).toBe(0);
    const written = await readConfig(config);
    expect(written.simulate).toBe(true);
    expect(written.services.map((s) => [s.name, s.host, s.type])).toEqual([
      ['hmi', '127.0.0.1', 'http'],
      ['echo', '127.0.0.1', 'tcp'],
      ['vnc', '127.0.0.1', 'vnc'],
      ['modbus', '127.0.0.1', 'tcp'],
    ]);
    // The server learns each service's type, so the portal offers Open for hmi and a viewer for vnc.
    const sent = stub.received.at(-1)!.body as { services: { name: string; type: string }[] };
    expect(sent.services.map((s) => [s.name, s.type])).toEqual([
      ['hmi', 'http'],
      ['echo', 'tcp'],
      ['vnc', 'vnc'],
      ['modbus', 'tcp'],
    ]);
    // Re-enrolling over an existing file still leaves it private.
    expect((await stat(config)).mode & 0o777).toBe(0o600);
  });

  it('takes a service type as a scheme and reports it at enrolment', async () => {
    const config = path.join(dir, 'typed.json');
    const { cliIo, out } = io();
    const services = ['screen=vnc://10.0.0.5:5900', 'panel=https://[fd00::5]:8443', 'plc=10.0.0.6:502'];
    const args = ['enroll', '--server', url, '--token', 'a-valid-one-time-token-123', '--config', config];
    expect(await main([...args, ...services.flatMap((s) => ['--service', s])], cliIo)).toBe(0);
    const expected = [
      { name: 'screen', host: '10.0.0.5', port: 5900, type: 'vnc' },
      { name: 'panel', host: 'fd00::5', port: 8443, type: 'https' },
      { name: 'plc', host: '10.0.0.6', port: 502 },
    ];
    expect((stub.received.at(-1)!.body as { services: unknown }).services).toEqual(expected);
    expect((await readConfig(config)).services).toEqual(expected);
    expect(out.slice(1, 4)).toEqual([
      '  service screen = vnc://10.0.0.5:5900',
      '  service panel = https://[fd00::5]:8443',
      '  service plc = 10.0.0.6:502',
    ]);

    const unknown = io();
    expect(await main([...args, '--service', 'desk=rdp://10.0.0.5:3389'], unknown.cliIo)).toBe(1);
    expect(unknown.errors[0]).toBe('Not a service type (http, https, vnc, tcp): desk=rdp://10.0.0.5:3389');
  });

  it('reports the server’s refusal and bad arguments', async () => {
    const refused = io();
    const args = ['enroll', '--server', url, '--token', 'wrong-token-but-long-enough', '--service', 'a=h:1'];
    expect(await main([...args, '--config', path.join(dir, 'x.json')], refused.cliIo)).toBe(1);
    expect(refused.errors[0]).toMatch(/failed \(400\): token: ENROLMENT_TOKEN_INVALID$/);

    const missing = io();
    expect(await main(['enroll', '--token', 't'], missing.cliIo)).toBe(1);
    expect(missing.errors[0]).toMatch(/^--server and --token are required/);

    const badService = io();
    expect(
      await main(['enroll', '--server', url, '--token', 't', '--service', 'nope'], badService.cliIo),
    ).toBe(1);
    expect(badService.errors[0]).toBe('Not a service (name=host:port): nope');

    const twice = io();
    const dup = ['--service', 'a=h:1', '--service', 'A=h:2'];
    expect(await main(['enroll', '--server', url, '--token', 't', ...dup], twice.cliIo)).toBe(1);
    expect(twice.errors[0]).toBe('Service A is given twice');

    const none = io();
    expect(await main(['enroll', '--server', url, '--token', 't'], none.cliIo)).toBe(1);
    expect(none.errors[0]).toMatch(/^Give at least one --service/);

    const unreachable = io();
    const closed = ['enroll', '--server', 'http://127.0.0.1:1', '--token', 't', '--service', 'a=h:1'];
    expect(await main(closed, unreachable.cliIo)).toBe(1);
    expect(unreachable.errors[0]).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:1\/api/);
  });

  it('prints usage for unknown commands and unknown options', async () => {
    const unknown = io();
    expect(await main(['fly'], unknown.cliIo)).toBe(2);
    expect(unknown.errors[0]).toMatch(/^Unknown command: fly\n\nUsage:/);
    const none = io();
    expect(await main([], none.cliIo)).toBe(2);
    const option = io();
    expect(await main(['run', '--colour'], option.cliIo)).toBe(1);
    expect(option.errors[0]).toMatch(/Unknown option '--colour'/);
  });

  it('refuses a configuration whose services are malformed', async () => {
    const config = path.join(dir, 'bad.json');
    const base = { server: url, agentId: 'x', credential: 'c', relayUrl: 'ws://r' };
    await writeFile(config, JSON.stringify({ ...base, services: [{ name: 'a', host: 'h', port: 70000 }] }));
    await expect(readConfig(config)).rejects.toThrow('Not a service (name=host:port): a=h:70000');
    await writeFile(
      config,
      JSON.stringify({ ...base, services: [{ name: 'a', host: 'h', port: 1, type: 'x' }] }),
    );
    await expect(readConfig(config)).rejects.toThrow('Not a service type (http, https, vnc, tcp): a=x://h:1');
    await writeFile(config, JSON.stringify({ ...base, credential: '', services: [] }));
    await expect(readConfig(config)).rejects.toThrow(`${config}: "credential" is missing`);
  });
});

describe('reconnect backoff', () => {
  const options = { minDelayMs: 1000, maxDelayMs: 60_000 };
  it('doubles from 1 s to at most 60 s with ±20 % jitter', () => {
    expect(backoffDelay(0, options, () => 0.5)).toBe(1000);
    expect(backoffDelay(0, options, () => 0)).toBe(1000);
    expect(backoffDelay(3, options, () => 0.5)).toBe(8000);
    expect(backoffDelay(3, options, () => 0)).toBe(6400);
    expect(backoffDelay(3, options, () => 1)).toBe(9600);
    expect(backoffDelay(10, options, () => 1)).toBe(60_000);
    expect(backoffDelay(100, options, () => 0)).toBe(48_000);
  });

  it('spreads the return after a stable connection over 4 s, then is back within 10 s in three attempts', () => {
    const spread = { ...options, reattachSpreadMs: defaultReattachSpreadMs };
    expect(reconnectDelay(true, 0, spread, () => 0)).toBe(0);
    expect(reconnectDelay(true, 0, spread, () => 0.25)).toBe(1000);
    expect(reconnectDelay(true, 5, spread, () => 1)).toBe(4000);
    // The worst case (the longest spread and jitter, the first two attempts failing, e.g. sent to
    // the dead process by a balancer without health checks): the third attempt starts by 10 s.
    const worst = () => 1;
    const third =
      reconnectDelay(true, 0, spread, worst) +
      backoffDelay(0, options, worst) +
      backoffDelay(1, options, worst);
    expect(third).toBeLessThanOrEqual(10_000);
  });
});
