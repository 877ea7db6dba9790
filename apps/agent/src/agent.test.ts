import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { Multiplexer } from '@fleetgate/tunnel-protocol';
import { echo } from '@fleetgate/tunnel-protocol/test-support';
import { bridgeStream } from './lan-bridge.ts';
import { parseServiceSpec, resolveTarget, type LanService } from './services.ts';
import { startSimulator, type Simulator } from './simulator.ts';

describe('service allow-list', () => {
  const services: LanService[] = [
    { name: 'plc', host: '192.168.1.10', port: 502 },
    { name: 'hmi', host: 'hmi.local', port: 80 },
    { name: 'v6', host: 'fd00::10', port: 102 },
  ];

  it('parses name=host:port', () => {
    expect(parseServiceSpec('plc=192.168.1.10:502')).toEqual(services[0]);
    expect(parseServiceSpec('v6=[fd00::10]:102')).toEqual(services[2]);
    expect(() => parseServiceSpec('plc=host:70000')).toThrow();
    expect(() => parseServiceSpec('no-port=host')).toThrow();
  });

  it('resolves names and exact host:port pairs only', () => {
    expect(resolveTarget(services, 'plc')).toEqual({ host: '192.168.1.10', port: 502 });
    expect(resolveTarget(services, '192.168.1.10:502')).toEqual({ host: '192.168.1.10', port: 502 });
    expect(resolveTarget(services, 'HMI.local:80')).toEqual({ host: 'hmi.local', port: 80 });
    expect(resolveTarget(services, '[fd00::10]:102')).toEqual({ host: 'fd00::10', port: 102 });
    for (const refused of [
      '192.168.1.10:22',
      '192.168.1.11:502',
      'ssh',
      '127.0.0.1:502',
      'plc:502',
      '',
      ':502',
    ]) {
      expect(resolveTarget(services, refused)).toBeUndefined();
    }
  });
});

describe('LAN bridge', () => {
  let simulator: Simulator;
  beforeAll(async () => {
    simulator = await startSimulator();
  });
  afterAll(() => simulator.close());

  /** A user-side multiplexer joined in memory to an agent-side one that bridges to the LAN. */
  function tunnel(services: LanService[]) {
    const user: Multiplexer = new Multiplexer({
      role: 'initiator',
      send: (f) => setImmediate(() => agent.receive(f)),
    });
    const agent: Multiplexer = new Multiplexer({
      role: 'acceptor',
      send: (f) => setImmediate(() => user.receive(f)),
      onStream: (stream, target) => bridgeStream(stream, target, services),
    });
    return user;
  }

  it('carries bytes to the echo service and back', async () => {
    const user = tunnel(simulator.services);
    const data = randomBytes(3 * 1024 * 1024);
    const echoed = await echo(user.open('echo'), data);
    expect(createHash('sha256').update(echoed).digest('hex')).toBe(
      createHash('sha256').update(data).digest('hex'),
    );
  });

  it('serves the HMI page', async () => {
    const user = tunnel(simulator.services);
    const stream = user.open('hmi');
    const page = await new Promise<string>((resolve) => {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => resolve(text));
      stream.end('GET / HTTP/1.0\r\nHost: hmi\r\n\r\n');
    });
    expect(page).toMatch(/^HTTP\/1\.1 200/);
    expect(page).toContain('HMI');
  });

  it('refuses a target outside the list with a reason', async () => {
    const user = tunnel(simulator.services);
    const stream = user.open('127.0.0.1:22');
    const error = await new Promise<Error>((resolve) => stream.on('error', resolve));
    expect(error.message).toBe("refused: 127.0.0.1:22 is not one of this agent's services");
  });

  it('reports a listed service that does not answer', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const user = tunnel([{ name: 'gone', host: '127.0.0.1', port: closed }]);
    const stream = user.open('gone');
    const error = await new Promise<Error>((resolve) => stream.on('error', resolve));
    expect(error.message).toMatch(/^unreachable: gone \(connect ECONNREFUSED/);
  });
});
