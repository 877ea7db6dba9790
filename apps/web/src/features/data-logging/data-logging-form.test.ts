import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { tagCreateInput, type AgentServer, type DataSource, type Tag } from '@fleetgate/contracts';
import {
  dataSourceCreateInputOf,
  dataSourceFormSchema,
  dataSourceFormValuesOf,
  dataSourcePatchInputOf,
  isSimulatorSource,
  missingSimulatorTags,
  modbusServerOptions,
  simulatorTags,
  tagFormSchema,
  tagFormValuesOf,
  tagInputOf,
} from './data-logging-form.ts';
import { formatTagValue, withLastSample, withTagValues } from './tag-values.ts';

const t = ((key: string) => key) as unknown as TFunction;

const server = (publicId: string, name: string, type: AgentServer['type']) =>
  ({ publicId, name, type, host: '127.0.0.1', port: 502 }) as AgentServer;

const modbusSource: DataSource = {
  publicId: 'ds0000000001',
  name: 'Simulator',
  kind: 'modbus',
  agent: { publicId: 'ag0000000001', name: 'Press' },
  server: { publicId: 'sv0000000002', name: 'modbus' },
  unitId: 1,
  mqttBroker: null,
  createdOn: '2026-11-25T00:00:00.000Z',
};

const tag = (name: string, address: string, publicId = `tg${name.padEnd(10, '0').slice(0, 10)}`): Tag => ({
  publicId,
  name,
  agent: modbusSource.agent,
  dataSource: { publicId: modbusSource.publicId, name: modbusSource.name, kind: 'modbus' },
  address,
  dataType: 'int16',
  scale: 1,
  unit: '',
  sampleIntervalSeconds: 10,
  logMode: 'change',
  last: null,
  createdOn: '2026-11-25T00:00:00.000Z',
});

describe('data source form', () => {
  it('offers plain TCP services first and picks the first for a new source', () => {
    const servers = [server('sv0000000001', 'web', 'https'), server('sv0000000002', 'modbus', 'tcp')];
    expect(modbusServerOptions(servers).map((s) => s.name)).toEqual(['modbus', 'web']);
    expect(dataSourceFormValuesOf(undefined, servers)).toMatchObject({
      kind: 'modbus',
      server: 'sv0000000002',
      unitId: '1',
    });
  });

  it('sends only the fields of the source’s kind, and no kind on an edit', () => {
    const modbus = {
      name: ' PLC ',
      kind: 'modbus' as const,
      server: 'sv0000000002',
      unitId: '7',
      mqttBroker: 'x',
    };
    const created = dataSourceCreateInputOf(modbus);
    expect(created).toEqual({ name: 'PLC', kind: 'modbus', server: { publicId: 'sv0000000002' }, unitId: 7 });
    expect(dataSourcePatchInputOf(modbus)).toEqual({
      name: 'PLC',
      server: { publicId: 'sv0000000002' },
      unitId: 7,
    });
    const mqtt = { ...modbus, kind: 'mqtt' as const, mqttBroker: 'mb0000000001' };
    expect(dataSourceCreateInputOf(mqtt)).toEqual({
      name: 'PLC',
      kind: 'mqtt',
      mqttBroker: { publicId: 'mb0000000001' },
    });
  });

  it('needs the service of a Modbus source, the broker of an MQTT one and a unit id 0–255', () => {
    const schema = dataSourceFormSchema(t);
    const base = { name: 'PLC', kind: 'modbus' as const, server: '', unitId: '1', mqttBroker: '' };
    const paths = (values: typeof base | { kind: 'mqtt' }) =>
      schema.safeParse({ ...base, ...values }).error?.issues.map((issue) => issue.path.join('.'));
    expect(paths(base)).toEqual(['server']);
    expect(paths({ ...base, server: 's', unitId: '256' })).toEqual(['unitId']);
    expect(paths({ kind: 'mqtt' })).toEqual(['mqttBroker']);
  });
});

describe('tag form', () => {
  const schema = tagFormSchema(t, (id) => (id === 'mqtt' ? 'mqtt' : 'modbus'));
  const values = { ...tagFormValuesOf(undefined, [modbusSource]), name: 'Temperature', address: 'hr:0' };

  it('builds an input the contract accepts', () => {
    expect(schema.safeParse(values).success).toBe(true);
    const input = tagInputOf({ ...values, scale: '0.1', unit: ' °C ' });
    expect(tagCreateInput.safeParse(input).success).toBe(true);
    expect(input).toMatchObject({ dataSource: { publicId: modbusSource.publicId }, scale: 0.1, unit: '°C' });
  });

  it('checks the address by the source’s kind, the scale and the interval', () => {
    const issues = (change: Partial<typeof values>) =>
      schema.safeParse({ ...values, ...change }).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues({ address: '40001' })).toEqual(['address']);
    expect(issues({ dataSource: 'mqtt', address: 'plant/#' })).toEqual(['address']);
    expect(issues({ dataSource: 'mqtt', address: 'plant/line1/temp' })).toBeUndefined();
    expect(issues({ scale: '0' })).toEqual(['scale']);
    expect(issues({ sampleIntervalSeconds: '0' })).toEqual(['sampleIntervalSeconds']);
  });
});

describe('the simulator’s tags', () => {
  it('are offered for a Modbus source on the simulator’s service only', () => {
    expect(isSimulatorSource(modbusSource)).toBe(true);
    expect(isSimulatorSource({ ...modbusSource, server: { publicId: 'x', name: 'plc' } })).toBe(false);
  });

  it('are the ones still missing, each valid for the contract', () => {
    const missing = missingSimulatorTags(modbusSource, [tag('Temperature', 'hr:0'), tag('Counter', 'hr:2')]);
    expect(missing.map((input) => input.address)).toEqual(['hr:1', 'hr:4', 'coil:0', 'coil:1']);
    for (const input of missing) expect(tagCreateInput.safeParse(input).success).toBe(true);
    expect(missingSimulatorTags(modbusSource, [])).toHaveLength(simulatorTags.length);
  });
});

describe('live values', () => {
  it('puts the newest value on each tag and ignores older ones', () => {
    const tags = [
      { ...tag('A', 'hr:0', 'tg0000000001'), last: { time: '2026-11-25T10:00:05.000Z', value: 1 } },
      tag('B', 'hr:1', 'tg0000000002'),
    ];
    const next = withTagValues(tags, [
      { publicId: 'tg0000000001', time: '2026-11-25T10:00:01.000Z', value: 9 },
      { publicId: 'tg0000000002', time: '2026-11-25T10:00:01.000Z', value: 2 },
      { publicId: 'tg0000000002', time: '2026-11-25T10:00:03.000Z', value: 3 },
    ]);
    expect(next?.map((t) => t.last?.value)).toEqual([1, 3]);
    expect(withTagValues(undefined, [])).toBeUndefined();
  });

  it('shows booleans as 0/1 and numbers with up to four decimals', () => {
    expect(formatTagValue({ dataType: 'bool' }, 1, 'en')).toBe('1');
    expect(formatTagValue({ dataType: 'float32' }, 21.456789, 'en')).toBe('21.4568');
  });

  it('moves the agent’s last sample forward only', () => {
    const state = {
      collecting: true,
      lastSampleOn: '2026-11-25T10:00:05.000Z',
      samplesStored: 3,
      samplesDropped: 0,
    };
    expect(withLastSample(state, '2026-11-25T10:00:01.000Z')).toBe(state);
    expect(withLastSample(state, '2026-11-25T10:00:09.000Z').lastSampleOn).toBe('2026-11-25T10:00:09.000Z');
    expect(withLastSample({ ...state, lastSampleOn: null }, '2026-11-25T10:00:01.000Z').lastSampleOn).toBe(
      '2026-11-25T10:00:01.000Z',
    );
  });
});
