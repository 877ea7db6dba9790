import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentDataConfigTarget, type AgentDataConfig } from '@fleetgate/contracts';
import { Multiplexer, type TunnelStream } from '@fleetgate/tunnel-protocol';
import { serveStream } from './agent-runner.ts';
import { dataConfigFile, parseDataConfig } from './data-config.ts';
import { DataLogger } from './data-logger.ts';
import { Machine, startModbusSimulator, type ModbusSimulator } from './modbus-machine.ts';
import type { LanService } from './services.ts';
import { Spool } from './spool.ts';

/** The relay's side joined in memory to an agent side that serves streams as AgentRunner does. */
function pair(services: LanService[], onDataConfig?: (stream: TunnelStream) => void) {
  const relay: Multiplexer = new Multiplexer({
    role: 'initiator',
    send: (f) => setImmediate(() => agent.receive(f)),
  });
  const agent: Multiplexer = new Multiplexer({
    role: 'acceptor',
    send: (f) => setImmediate(() => relay.receive(f)),
    onStream: (stream, target) => serveStream(stream, target, { services, onDataConfig }),
  });
  return relay;
}

/** Writes a config the way the relay does and reads the agent's answer. */
function push(relay: Multiplexer, body: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const stream = relay.open(agentDataConfigTarget);
    let answer = '';
    stream.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    stream.on('end', () => resolve(answer));
    stream.on('error', reject);
    stream.end(body);
  });
}

const config = (version: string, more: Partial<AgentDataConfig> = {}): AgentDataConfig => ({
  version,
  collecting: true,
  sources: [{ id: 'src1', kind: 'modbus', service: 'modbus', unitId: 1 }],
  tags: [
    {
      id: 'tag000000001',
      source: 'src1',
      address: 'hr:1',
      dataType: 'uint16',
      scale: 1,
      intervalSeconds: 1,
      logMode: 'interval',
    },
  ],
  ...more,
});

describe('data-logging config over the control channel', () => {
  let simulator: ModbusSimulator;
  let services: LanService[];
  let dir: string;
  let logger: DataLogger | undefined;
  const lines: string[] = [];
  beforeAll(async () => {
    simulator = await startModbusSimulator(0, new Machine(() => 0.5), 0);
    services = [{ name: 'modbus', host: '127.0.0.1', port: simulator.port, type: 'tcp' }];
  });
  afterAll(() => simulator.close());
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-data-config-'));
    lines.length = 0;
  });
  afterEach(async () => {
    await logger?.stop();
    logger = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  const start = () =>
    DataLogger.start({
      dir,
      // Nothing listens there: the samples stay in the spool, where the test finds them.
      server: 'http://127.0.0.1:9',
      credential: 'agent-secret',
      services,
      log: (line) => lines.push(line),
    });

  async function spooled(): Promise<number> {
    const spool = await Spool.open({ dir: path.join(dir, 'spool') });
    return spool.size;
  }

  it('applies a config, answers ok with its version, keeps it and collects', async () => {
    logger = await start();
    const relay = pair(services, (stream) => void logger!.receive(stream));
    expect(await push(relay, JSON.stringify(config('v1')))).toBe('ok v1\n');
    expect(logger.version).toBe('v1');
    expect(JSON.parse(await readFile(path.join(dir, dataConfigFile), 'utf8'))).toEqual(config('v1'));
    expect(lines).toContain('data logging: configuration v1 applied');
    for (let i = 0; i < 100 && lines.every((l) => !l.startsWith('data logging: connected to modbus')); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await logger.stop();
    logger = undefined;
    expect(await spooled()).toBeGreaterThan(0);
  });

  it('refuses a bad config with a reason and keeps the old one', async () => {
    logger = await start();
    const relay = pair(services, (stream) => void logger!.receive(stream));
    expect(await push(relay, JSON.stringify(config('v1')))).toBe('ok v1\n');
    const bad = config('v2');
    bad.tags[0]!.address = 'register 1';
    expect(await push(relay, JSON.stringify(bad))).toMatch(/^error tags\.0\.address: .+\n$/);
    expect(await push(relay, 'not json')).toBe('error not JSON\n');
    const orphan = config('v3');
    orphan.tags[0]!.source = 'elsewhere';
    expect(await push(relay, JSON.stringify(orphan))).toBe('error tags.0.source: No such source\n');
    expect(logger.version).toBe('v1');
    expect(
      (JSON.parse(await readFile(path.join(dir, dataConfigFile), 'utf8')) as AgentDataConfig).version,
    ).toBe('v1');
    expect(lines.some((l) => l.startsWith('data logging: refused a configuration (tags.0.address'))).toBe(
      true,
    );
  });

  it('refuses more than 1 MB without applying it', async () => {
    logger = await start();
    const relay = pair(services, (stream) => void logger!.receive(stream));
    const huge = Buffer.alloc(1024 * 1024 + 10, 0x20);
    expect(await push(relay, huge)).toBe('error config larger than 1 MB\n');
    expect(logger.version).toBeUndefined();
  });

  it('collects with the stored config after a restart, before any relay', async () => {
    logger = await start();
    const relay = pair(services, (stream) => void logger!.receive(stream));
    expect(await push(relay, JSON.stringify(config('v7')))).toBe('ok v7\n');
    await logger.stop();
    lines.length = 0;

    logger = await start();
    expect(logger.version).toBe('v7');
    expect(lines).toContain('data logging: using the stored configuration v7');
    expect(lines).toContain('data logging: collecting 1 tag(s) from 1 source(s)');
  });

  it('stops collecting on collecting: false or no tags', async () => {
    logger = await start();
    const relay = pair(services, (stream) => void logger!.receive(stream));
    expect(await push(relay, JSON.stringify(config('v1')))).toBe('ok v1\n');
    expect(await push(relay, JSON.stringify(config('v2', { collecting: false })))).toBe('ok v2\n');
    expect(lines.at(-2)).toBe('data logging: not collecting');
    expect(await push(relay, JSON.stringify(config('v3', { tags: [] })))).toBe('ok v3\n');
    expect(lines.at(-2)).toBe('data logging: not collecting');
  });

  it('is refused like any other target when the agent has no data logging', async () => {
    const relay = pair(services);
    const stream = relay.open(agentDataConfigTarget);
    const error = await new Promise<Error>((resolve) => stream.on('error', resolve));
    expect(error.message).toBe(`refused: ${agentDataConfigTarget} is not one of this agent's services`);
  });

  it('checks the shape of every field', () => {
    expect('config' in parseDataConfig(JSON.stringify(config('v1')))).toBe(true);
    const wrong = (change: (c: Record<string, unknown>) => void) => {
      const c = config('v1') as unknown as Record<string, unknown>;
      change(c);
      return parseDataConfig(JSON.stringify(c));
    };
    expect(wrong((c) => delete c.version)).toEqual({
      error: 'version: Invalid input: expected string, received undefined',
    });
    expect('error' in wrong((c) => ((c.tags as { id: string }[])[0]!.id = 'UPPER'))).toBe(true);
    expect('error' in wrong((c) => ((c.tags as { intervalSeconds: number }[])[0]!.intervalSeconds = 0))).toBe(
      true,
    );
    expect('error' in wrong((c) => ((c.tags as { address: string }[])[0]!.address = 'hr:70000'))).toBe(true);
    expect('error' in wrong((c) => ((c.sources as { kind: string }[])[0]!.kind = 'mqtt'))).toBe(true);
  });
});
