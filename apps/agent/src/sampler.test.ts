import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { AgentDataConfig } from '@fleetgate/contracts';
import type { ModbusRTU } from 'modbus-serial/ModbusRTU.js';
import { Machine, startModbusSimulator, type ModbusSimulator } from './modbus-machine.ts';
import { decodeRegisters, planReads, Sampler } from './sampler.ts';
import type { SpooledSample } from './spool.ts';

type Tag = AgentDataConfig['tags'][number];
const tag = (id: string, address: string, dataType: Tag['dataType'], more: Partial<Tag> = {}): Tag => ({
  id,
  source: 'plc',
  address,
  dataType,
  scale: 1,
  intervalSeconds: 1,
  logMode: 'interval',
  ...more,
});

async function until<T>(check: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('decoding', () => {
  it('reads each data type from big-endian words', () => {
    expect(decodeRegisters('int16', [0xfffe])).toBe(-2);
    expect(decodeRegisters('uint16', [0xfffe])).toBe(65534);
    expect(decodeRegisters('int32', [0xffff, 0xfffe])).toBe(-2);
    expect(decodeRegisters('uint32', [0x0001, 0x1170])).toBe(70_000);
    expect(decodeRegisters('float32', [0x4212, 0x0000])).toBe(36.5);
    const double = Buffer.alloc(8);
    double.writeDoubleBE(-1234.5678);
    expect(
      decodeRegisters(
        'float64',
        [0, 2, 4, 6].map((i) => double.readUInt16BE(i)),
      ),
    ).toBe(-1234.5678);
    expect(decodeRegisters('bool', [7])).toBe(1);
    expect(decodeRegisters('bool', [0])).toBe(0);
  });

  it('coalesces near tags of one area into one request and keeps areas apart', () => {
    const reads = planReads([
      tag('a00000000001', 'hr:4', 'float32'),
      tag('a00000000002', 'hr:0', 'int16'),
      tag('a00000000003', 'hr:200', 'uint16'),
      tag('a00000000004', 'coil:1', 'bool'),
      tag('a00000000005', 'coil:0', 'bool'),
      tag('a00000000006', 'ir:0', 'float64'),
    ]);
    expect(reads.map((r) => [r.area, r.start, r.count, r.tags.length])).toEqual([
      ['coil', 0, 2, 2],
      ['hr', 0, 6, 2],
      ['hr', 200, 1, 1],
      ['ir', 0, 4, 1],
    ]);
  });
});

describe('sampler against the simulator', () => {
  let simulator: ModbusSimulator;
  let machine: Machine;
  let sampler: Sampler | undefined;
  const services = () => [{ name: 'modbus', host: '127.0.0.1', port: simulator.port, type: 'tcp' as const }];

  beforeAll(async () => {
    machine = new Machine(() => 0.5);
    // Held still: the test sets the machine's values itself.
    simulator = await startModbusSimulator(0, machine, 0);
  });
  afterEach(async () => {
    await sampler?.stop();
    sampler = undefined;
  });
  afterAll(() => simulator.close());

  const config = (tags: Tag[], service = 'modbus'): AgentDataConfig => ({
    version: 'v1',
    collecting: true,
    sources: [{ id: 'plc', kind: 'modbus', service, unitId: 1 }],
    tags,
  });

  it('decodes and scales every register the machine offers', async () => {
    Object.assign(machine.state, {
      temperatureC: 45.6,
      pressureMbar: 4790,
      counter: 70_000,
      flow: 36.5,
      running: true,
      alarm: false,
    });
    const samples: SpooledSample[] = [];
    sampler = new Sampler({ services: services(), onSamples: (s) => samples.push(...s) });
    await sampler.apply(
      config([
        tag('t00000000001', 'hr:0', 'int16', { scale: 0.1 }),
        tag('t00000000002', 'hr:1', 'uint16', { scale: 0.001 }),
        tag('t00000000003', 'hr:2', 'uint32'),
        tag('t00000000004', 'hr:4', 'float32'),
        tag('t00000000005', 'coil:0', 'bool'),
        tag('t00000000006', 'di:1', 'bool'),
        tag('t00000000007', 'ir:2', 'int32'),
        tag('t00000000008', 'ir:0', 'int16'),
      ]),
    );
    const byTag = await until(() => {
      const seen = new Map(samples.map(([id, , value]) => [id, value]));
      return seen.size === 8 ? seen : undefined;
    }, 'one sample of each tag');
    expect(byTag.get('t00000000001')).toBeCloseTo(45.6, 6);
    expect(byTag.get('t00000000002')).toBeCloseTo(4.79, 6);
    expect(byTag.get('t00000000003')).toBe(70_000);
    expect(byTag.get('t00000000004')).toBe(36.5);
    expect(byTag.get('t00000000005')).toBe(1);
    expect(byTag.get('t00000000006')).toBe(0);
    expect(byTag.get('t00000000007')).toBe(70_000);
    expect(byTag.get('t00000000008')).toBe(456);
  });

  it('records every read in interval mode and only changes in change mode, with rising times', async () => {
    machine.state.pressureMbar = 1000;
    const samples: SpooledSample[] = [];
    sampler = new Sampler({ services: services(), onSamples: (s) => samples.push(...s) });
    await sampler.apply(
      config([
        tag('i00000000001', 'hr:1', 'uint16', { logMode: 'interval' }),
        tag('c00000000001', 'hr:1', 'uint16', { logMode: 'change' }),
      ]),
    );
    const of = (id: string) => samples.filter(([t]) => t === id);
    await until(() => (of('i00000000001').length >= 3 ? true : undefined), 'three interval samples');
    expect(of('c00000000001').map(([, , v]) => v)).toEqual([1000]);

    machine.state.pressureMbar = 1200;
    await until(() => (of('c00000000001').length >= 2 ? true : undefined), 'the changed value');
    const interval = of('i00000000001').length;
    await until(() => (of('i00000000001').length >= interval + 2 ? true : undefined), 'two more reads');
    expect(of('c00000000001').map(([, , v]) => v)).toEqual([1000, 1200]);
    for (const id of ['i00000000001', 'c00000000001']) {
      const times = of(id).map(([, time]) => time);
      expect(times.every((time, i) => Number.isInteger(time) && (i === 0 || time > times[i - 1]!))).toBe(
        true,
      );
    }
  }, 20_000);

  it('records no NaN or infinite reading, and says so once per tag', async () => {
    machine.state.flow = Number.NaN; // a float register's "not available"
    machine.state.pressureMbar = 1000;
    const lines: string[] = [];
    const samples: SpooledSample[] = [];
    sampler = new Sampler({
      services: services(),
      onSamples: (s) => samples.push(...s),
      log: (l) => lines.push(l),
    });
    await sampler.apply(
      config([
        tag('nan000000001', 'hr:4', 'float32'),
        tag('inf000000001', 'hr:1', 'uint16', { scale: 1e308 }),
        tag('big000000001', 'hr:1', 'uint16', { scale: 1e298 }),
        tag('okk000000001', 'hr:1', 'uint16'),
      ]),
    );
    const of = (id: string) => samples.filter(([t]) => t === id);
    await until(() => (of('okk000000001').length >= 3 ? true : undefined), 'three good samples');
    expect(of('nan000000001')).toEqual([]);
    expect(of('inf000000001')).toEqual([]);
    expect(of('big000000001')).toEqual([]);
    const skipped = (id: string) => lines.filter((l) => l.startsWith(`data logging: tag ${id} `));
    expect(skipped('nan000000001')).toEqual([
      'data logging: tag nan000000001 (hr:4) read NaN, which is not recorded; further such readings are skipped silently',
    ]);
    expect(skipped('inf000000001')).toHaveLength(1);
    expect(skipped('big000000001')).toHaveLength(1);
    expect(skipped('okk000000001')).toEqual([]);
    machine.state.flow = 36.5;
    await until(() => (of('nan000000001').length > 0 ? true : undefined), 'the value once it is a number');
    expect(of('nan000000001')[0]![2]).toBe(36.5);
  }, 20_000);

  it('refuses a source naming a service the agent does not have, and stops on collecting: false', async () => {
    const lines: string[] = [];
    const samples: SpooledSample[] = [];
    sampler = new Sampler({
      services: services(),
      onSamples: (s) => samples.push(...s),
      log: (l) => lines.push(l),
    });
    await sampler.apply(config([tag('n00000000001', 'hr:0', 'int16')], 'ssh'));
    expect(lines).toContain(
      `data logging: "ssh" is not one of this agent's services; its 1 tag(s) are not read`,
    );

    await sampler.apply(config([tag('n00000000002', 'hr:0', 'int16')]));
    await until(() => (samples.length > 0 ? true : undefined), 'a sample');
    await sampler.apply({ ...config([tag('n00000000002', 'hr:0', 'int16')]), collecting: false });
    expect(lines.at(-1)).toBe('data logging: not collecting');
    const count = samples.length;
    // Stopped: the next second brings nothing (the sampler's timers are gone).
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(samples.length).toBe(count);
  });

  it('keeps trying a device that is away and reads it once it answers', async () => {
    const away = await startModbusSimulator(0, new Machine(() => 0.5), 0);
    const port = away.port;
    await away.close();
    const lines: string[] = [];
    const samples: SpooledSample[] = [];
    sampler = new Sampler({
      services: [{ name: 'modbus', host: '127.0.0.1', port }],
      onSamples: (s) => samples.push(...s),
      log: (l) => lines.push(l),
      minDelayMs: 100,
      maxDelayMs: 200,
    });
    await sampler.apply(config([tag('r00000000001', 'hr:1', 'uint16')]));
    await until(() => (lines.some((l) => l.includes('cannot reach modbus')) ? true : undefined), 'a failure');
    const back = await startModbusSimulator(port, new Machine(() => 0.5), 0);
    try {
      await until(() => (samples.length > 0 ? true : undefined), 'a sample after the device came back');
      expect(samples[0]![2]).toBe(1013);
    } finally {
      await sampler.stop();
      await back.close();
    }
  });
});

describe('the machine', () => {
  it('trips and resets its alarm by a Modbus write to coil 1', async () => {
    const machine = new Machine(() => 0.5);
    const simulator = await startModbusSimulator(0, machine, 0);
    const Client = createRequire(import.meta.url)('modbus-serial') as typeof ModbusRTU;
    const client = new Client();
    try {
      await client.connectTCP('127.0.0.1', { port: simulator.port });
      client.setID(1);
      await client.writeCoil(1, true);
      expect(machine.state.alarm).toBe(true);
      expect((await client.readDiscreteInputs(0, 2)).data.slice(0, 2)).toEqual([false, true]);
      machine.tick();
      expect(machine.state.running).toBe(false);
      await client.writeCoil(1, false);
      expect(machine.state.alarm).toBe(false);
    } finally {
      await new Promise((resolve) => client.close(resolve));
      await simulator.close();
    }
  });

  it('runs warm and counts parts, and cools when stopped', () => {
    const machine = new Machine(() => 0.5);
    for (let i = 0; i < 200; i += 1) machine.tick();
    expect(machine.state.counter).toBe(200);
    expect(machine.state.temperatureC).toBeGreaterThan(60);
    machine.setAlarm(true);
    for (let i = 0; i < 200; i += 1) machine.tick();
    expect(machine.state.counter).toBe(200);
    expect(machine.state.temperatureC).toBeLessThan(30);
  });
});
