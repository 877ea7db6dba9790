import { describe, expect, it } from 'vitest';
import type { DataSource, SampleSeries, Tag } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { dataLoggingFixtures, errorsOf } from './data-logging.test-support.ts';

const t = useTestServer();
const f = dataLoggingFixtures(t);

describe('data sources', () => {
  it('creates, reads, changes and deletes a Modbus source on one of the agent’s services', async () => {
    const { as } = await f.setup(['dataLogging']);
    const { agent, service } = await f.agentWithService(as);
    const source = await f.modbusSource(as, agent.publicId, service.publicId);
    expect(source).toMatchObject({
      name: 'PLC',
      kind: 'modbus',
      agent: { publicId: agent.publicId },
      server: { publicId: service.publicId, name: 'plc' },
      unitId: 3,
      mqttBroker: null,
    });
    const list = await t.call('GET', `AgentDataSourceList/${agent.publicId}`, {
      ...as,
      query: { fields: 'name' },
    });
    expect(list.body.data).toEqual([{ publicId: source.publicId, name: 'PLC' }]);
    const changed = await t.call('PATCH', `DataSource/${source.publicId}`, {
      ...as,
      body: { name: 'Press', unitId: 7 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name: 'Press', unitId: 7 });
    const audited = await t.server.db
      .selectFrom('audit_logs')
      .select('action')
      .where('resource_public_id', '=', source.publicId)
      .orderBy('id')
      .execute();
    expect(audited.map((r) => r.action)).toEqual(['CREATE', 'UPDATE']);
    expect((await t.call('DELETE', `DataSource/${source.publicId}`, as)).status).toBe(200);
    expect((await t.call('GET', `DataSource/${source.publicId}`, as)).status).toBe(404);
  });

  it('refuses a service of another agent, the other kind’s fields and a taken name', async () => {
    const { as } = await f.setup(['dataLogging']);
    const { agent, service } = await f.agentWithService(as);
    const other = await f.agentWithService(as);
    const wrong = await t.call('POST', `AgentDataSourceList/${agent.publicId}`, {
      ...as,
      body: { name: 'x', kind: 'modbus', server: { publicId: other.service.publicId } },
    });
    expect(wrong.status).toBe(404);
    expect(errorsOf(wrong)).toEqual([{ message: 'Not found', propertyName: 'server.publicId' }]);
    const mixed = await t.call('POST', `AgentDataSourceList/${agent.publicId}`, {
      ...as,
      body: { name: 'x', kind: 'mqtt', server: { publicId: service.publicId } },
    });
    expect(mixed.status).toBe(400);
    expect(errorsOf(mixed)[0]).toMatchObject({
      message: 'Does not belong to this kind of data source',
      propertyName: 'server',
    });
    const missing = await t.call('POST', `AgentDataSourceList/${agent.publicId}`, {
      ...as,
      body: { name: 'x', kind: 'modbus' },
    });
    expect(errorsOf(missing)[0]).toMatchObject({ propertyName: 'server' });
    const bad = await t.call('POST', `AgentDataSourceList/${agent.publicId}`, {
      ...as,
      body: { name: '', kind: 'opc' },
    });
    expect(bad.status).toBe(400);
    expect(
      errorsOf(bad)
        .map((e) => e.propertyName)
        .sort(),
    ).toEqual(['kind', 'name']);
    await f.modbusSource(as, agent.publicId, service.publicId, 'PLC');
    const list = await t.call('POST', `AgentDataSourceList/${agent.publicId}`, {
      ...as,
      body: [
        { name: 'Other', kind: 'modbus', server: { publicId: service.publicId } },
        { name: 'PLC', kind: 'modbus', server: { publicId: service.publicId } },
      ],
    });
    expect(list.status).toBe(409);
    expect(errorsOf(list)).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name', listIndex: 1 }]);
    // All or none: the first of the list was not kept.
    const names = await t.call('GET', `AgentDataSourceList/${agent.publicId}`, {
      ...as,
      query: { fields: 'name' },
    });
    expect((names.body.data as DataSource[]).map((s) => s.name)).toEqual(['PLC']);
  });

  it('is 401 without a token, 403 without the right or the app, 404 in another company', async () => {
    const { as, company } = await f.setup(['dataLogging']);
    const { agent, service } = await f.agentWithService(as);
    const source = await f.modbusSource(as, agent.publicId, service.publicId);
    expect(
      (await t.call('GET', `AgentDataSourceList/${agent.publicId}`, { company: as.company })).status,
    ).toBe(401);
    const reader = await t.newMember(company, ['agents.connect']);
    const asReader = { token: reader.token, company: as.company };
    expect((await t.call('GET', `DataSource/${source.publicId}`, asReader)).status).toBe(200);
    const denied = await t.call('PATCH', `DataSource/${source.publicId}`, {
      ...asReader,
      body: { name: 'y' },
    });
    expect(denied.status).toBe(403);
    const blind = await t.newMember(company, []);
    expect(
      (await t.call('GET', `DataSource/${source.publicId}`, { token: blind.token, company: as.company }))
        .status,
    ).toBe(404);
    const other = await f.setup(['dataLogging']);
    expect((await t.call('GET', `DataSource/${source.publicId}`, other.as)).status).toBe(404);
    expect((await t.call('GET', `AgentTagList/${agent.publicId}`, other.as)).status).toBe(404);
    const noApp = await f.setup([]);
    expect((await t.call('GET', `AgentDataSourceList/${agent.publicId}`, noApp.as)).status).toBe(403);
  });
});

describe('tags', () => {
  it('checks addresses and types, keeps names unique per agent, and blocks deleting a used source', async () => {
    const { as } = await f.setup(['dataLogging']);
    const { agent, service } = await f.agentWithService(as);
    const source = await f.modbusSource(as, agent.publicId, service.publicId);
    const tag = await f.tag(as, agent.publicId, source.publicId, 'temperature', 'hr:40');
    expect(tag).toMatchObject({
      name: 'temperature',
      dataSource: { publicId: source.publicId, name: 'PLC', kind: 'modbus' },
      address: 'hr:40',
      dataType: 'float32',
      scale: 1,
      unit: '°C',
      sampleIntervalSeconds: 1,
      logMode: 'interval',
      last: null,
    });
    const post = (body: object) => t.call('POST', `AgentTagList/${agent.publicId}`, { ...as, body });
    const base = { name: 'x', dataSource: { publicId: source.publicId }, dataType: 'int16' };
    const badAddress = await post({ ...base, address: 'xx:1' });
    expect(badAddress.status).toBe(400);
    expect(errorsOf(badAddress)).toEqual([
      {
        message: 'Use hr:, ir:, coil: or di: and a register number, for example hr:0',
        propertyName: 'address',
      },
    ]);
    expect((await post({ ...base, address: 'hr:70000' })).status).toBe(400);
    expect(errorsOf(await post({ ...base, address: 'coil:1' }))[0]).toMatchObject({
      propertyName: 'dataType',
    });
    expect((await post({ ...base, address: 'coil:1', dataType: 'bool' })).status).toBe(201);
    expect((await post({ ...base, name: 'flag', address: 'hr:1', dataType: 'bool' })).status).toBe(201);
    const taken = await post({ ...base, name: 'temperature', address: 'hr:1' });
    expect(taken.status).toBe(409);
    expect(errorsOf(taken)).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name' }]);
    expect(errorsOf(await post({ ...base, address: 'hr:1', scale: 0, name: 'y' }))[0]).toMatchObject({
      propertyName: 'scale',
    });
    const unknownSource = await post({
      ...base,
      address: 'hr:1',
      name: 'z',
      dataSource: { publicId: 'zzzzzzzzzzzz' },
    });
    expect(unknownSource.status).toBe(404);

    const inUse = await t.call('DELETE', `DataSource/${source.publicId}`, as);
    expect(inUse.status).toBe(409);
    expect(errorsOf(inUse)).toEqual([{ message: 'The data source still has tags' }]);

    const patched = await t.call('PATCH', `Tag/${tag.publicId}`, {
      ...as,
      body: { address: 'ir:3', scale: 0.1 },
    });
    expect(patched.body.data).toMatchObject({ address: 'ir:3', scale: 0.1 });
    const wrongPatch = await t.call('PATCH', `Tag/${tag.publicId}`, { ...as, body: { address: 'ir' } });
    expect(errorsOf(wrongPatch)[0]).toMatchObject({ propertyName: 'address' });
    const list = await t.call('GET', `AgentTagList/${agent.publicId}`, {
      ...as,
      query: { fields: 'name', filters: 'eq(name,"temperature")' },
    });
    expect(list.body.data).toEqual([{ publicId: tag.publicId, name: 'temperature' }]);
    const paged = await t.call('GET', `AgentTagList/${agent.publicId}`, {
      ...as,
      query: { 'page-size': '2' },
    });
    expect((paged.body.data as Tag[]).length).toBe(2);
    expect(typeof (paged.body as { moreAfter?: string }).moreAfter).toBe('string');
    expect((await t.call('DELETE', `Tag/${tag.publicId}`, as)).status).toBe(200);
    expect((await t.call('GET', `Tag/${tag.publicId}`, as)).status).toBe(404);
  });
});

describe('AgentSampleBatch', () => {
  it('is closed until logging is activated and after it is deactivated', async () => {
    const { as, companyId: _companyId } = await f.setup(['dataLogging']);
    const { agent, service } = await f.agentWithService(as);
    const source = await f.modbusSource(as, agent.publicId, service.publicId);
    const tag = await f.tag(as, agent.publicId, source.publicId, 'level');
    const credential = await f.enrol(as, agent.publicId);
    const batch = { batchId: 'b1', samples: [[tag.publicId, Date.now() - 1000, 1.5]] };
    const closed = await f.postBatch(credential, batch);
    expect(closed.status).toBe(403);
    expect(errorsOf(closed)).toEqual([{ message: 'Data logging is not activated for this agent' }]);
    await f.activate(as, agent.publicId);
    expect((await f.postBatch(credential, batch)).status).toBe(200);
    expect((await t.call('DELETE', `AgentAppLogging/${agent.publicId}`, as)).status).toBe(200);
    expect((await f.postBatch(credential, { ...batch, batchId: 'b2' })).status).toBe(403);
  });

  it('stores a batch once, skips other agents’ tags, and keeps each tag’s newest value', async () => {
    const a = await f.loggingAgent();
    const other = await f.loggingAgent();
    const now = Date.now() - 60_000;
    const batch = {
      batchId: 'first',
      dropped: 4,
      samples: [
        [a.temperature.publicId, now, 20.5],
        [a.temperature.publicId, now + 1000, 21],
        [a.pressure.publicId, now, 1.2],
        [other.temperature.publicId, now, 99],
      ],
    };
    const stored = await f.postBatch(a.credential, batch);
    expect(stored).toEqual({
      status: 200,
      body: expect.objectContaining({
        data: { batchId: 'first', stored: 3, rejected: 0, rejectedIndexes: [] },
      }),
    });
    // The agent resends a batch whose answer it missed: nothing is stored or counted twice.
    const again = await f.postBatch(a.credential, batch);
    expect(again.body.data).toMatchObject({ batchId: 'first', stored: 0 });
    // An older sample arriving late does not replace the newest value.
    await f.postBatch(a.credential, { batchId: 'late', samples: [[a.temperature.publicId, now - 5000, 5]] });
    const tag = await t.call('GET', `Tag/${a.temperature.publicId}`, a.as);
    expect((tag.body.data as Tag).last).toEqual({ time: new Date(now + 1000).toISOString(), value: 21 });
    expect((await t.call('GET', `Tag/${other.temperature.publicId}`, other.as)).body.data).toMatchObject({
      last: null,
    });
    const state = await t.server.db
      .selectFrom('agent_logging_states')
      .selectAll()
      .where(
        'agent_id',
        '=',
        (
          await t.server.db
            .selectFrom('agents')
            .select('id')
            .where('public_id', '=', a.agent.publicId)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .executeTakeFirstOrThrow();
    const onAgent = await t.call('GET', `Agent/${a.agent.publicId}`, {
      ...a.as,
      query: { fields: 'dataLogging' },
    });
    expect((onAgent.body.data as { dataLogging: unknown }).dataLogging).toEqual({
      collecting: true,
      lastSampleOn: new Date(now + 1000).toISOString(),
      samplesStored: 4,
      samplesDropped: 4,
    });
    expect({ stored: Number(state.samples_stored), dropped: Number(state.samples_dropped) }).toEqual({
      stored: 4,
      dropped: 4,
    });
  });

  it('answers 401 to a missing or wrong credential and 400 to a bad body', async () => {
    const a = await f.loggingAgent();
    expect((await f.postBatch(undefined, { batchId: 'x', samples: [] })).status).toBe(401);
    expect((await f.postBatch('not-a-credential', { batchId: 'x', samples: [] })).status).toBe(401);
    const bad = await f.postBatch(a.credential, { batchId: '', samples: [['short', -1, 'x']] });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad).map((e) => e.propertyName)).toContain('batchId');
    const tooMany = await f.postBatch(a.credential, {
      batchId: 'm',
      samples: Array.from({ length: 5001 }, (_, i) => [a.temperature.publicId, Date.now() - i, 1]),
    });
    expect(tooMany.status).toBe(400);
    expect(errorsOf(tooMany)[0]).toMatchObject({ propertyName: 'samples' });
  });

  it('refuses bad samples one by one and stores the batch’s others', async () => {
    const a = await f.loggingAgent();
    const now = Date.now() - 60_000;
    const id = a.temperature.publicId;
    const batch = {
      batchId: 'mixed',
      samples: [
        [id, now, 1],
        [id, Date.now() + 10 * 86_400_000, 2], // the clock runs ahead
        [id, Date.UTC(1970, 0, 1, 0, 5), 3], // the clock was not set yet
        [id, -5, 3],
        [id, now + 1000, null], // NaN or an infinity, as JSON carries them
        [id, now + 2000, 2e300], // too large to sum
        [id, now + 3000, -1e300], // the largest allowed
        [a.pressure.publicId, now, 1e-300],
      ],
    };
    const answer = await f.postBatch(a.credential, batch);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      batchId: 'mixed',
      stored: 3,
      rejected: 5,
      rejectedIndexes: [1, 2, 3, 4, 5],
    });
    const read = await t.call('GET', `TagSampleList/${id}`, {
      ...a.as,
      query: { start: new Date(now - 1000).toISOString(), end: new Date().toISOString() },
    });
    expect((read.body.data as { value: number }[]).map((s) => s.value)).toEqual([1, -1e300]);
    // Many of the largest values in one minute: the roll-ups' sums do not overflow.
    const day = Math.floor(now / 86_400_000) * 86_400_000;
    const big = await f.postBatch(a.credential, {
      batchId: 'big',
      samples: Array.from({ length: 50 }, (_, i) => [a.pressure.publicId, now + 10 + i, 1e300]),
    });
    expect(big.body.data).toMatchObject({ stored: 50, rejected: 0 });
    const series = await t.call('GET', `AgentSampleSeriesList/${a.agent.publicId}`, {
      ...a.as,
      query: {
        tag: 'pressure',
        start: new Date(day - 86_400_000).toISOString(),
        end: new Date(day + 86_400_000).toISOString(),
        bucketSeconds: '86400',
      },
    });
    expect(series.status).toBe(200);
    const buckets = (series.body.data as SampleSeries[])[0]!.buckets;
    expect(buckets.reduce((n, b) => n + b.count, 0)).toBe(51);
    expect(buckets.every((b) => Number.isFinite(b.mean) && b.max === 1e300)).toBe(true);
    // A batch of nothing but bad samples is still acknowledged (the agent moves on).
    const allBad = await f.postBatch(a.credential, {
      batchId: 'bad',
      samples: Array.from({ length: 150 }, (_, i) => [id, now + i, null]),
    });
    expect(allBad.status).toBe(200);
    expect(allBad.body.data).toMatchObject({ stored: 0, rejected: 150 });
    expect((allBad.body.data as { rejectedIndexes: number[] }).rejectedIndexes).toHaveLength(100);
  });
});

describe('reads', () => {
  it('pages the raw samples of a tag by time', async () => {
    const a = await f.loggingAgent();
    const start = Date.now() - 3_600_000;
    const samples = Array.from({ length: 5 }, (_, i) => [a.temperature.publicId, start + i * 1000, i]);
    await f.postBatch(a.credential, { batchId: 'p', samples });
    const query = {
      start: new Date(start).toISOString(),
      end: new Date(start + 10_000).toISOString(),
      'page-size': '3',
    };
    const first = await t.call('GET', `TagSampleList/${a.temperature.publicId}`, { ...a.as, query });
    expect((first.body.data as { value: number }[]).map((s) => s.value)).toEqual([0, 1, 2]);
    const moreAfter = (first.body as { moreAfter: string }).moreAfter;
    const second = await t.call('GET', `TagSampleList/${a.temperature.publicId}`, {
      ...a.as,
      query: { ...query, 'page-after': moreAfter },
    });
    expect(second.body.data).toEqual([
      { tag: { publicId: a.temperature.publicId }, time: new Date(start + 3000).toISOString(), value: 3 },
      { tag: { publicId: a.temperature.publicId }, time: new Date(start + 4000).toISOString(), value: 4 },
    ]);
    expect((second.body as { moreAfter: unknown }).moreAfter).toBeNull();
    const filtered = await t.call('GET', `TagSampleList/${a.temperature.publicId}`, {
      ...a.as,
      query: { ...query, filters: 'gte(value,3)' },
    });
    expect((filtered.body.data as unknown[]).length).toBe(2);
    const bad = await t.call('GET', `TagSampleList/${a.temperature.publicId}`, {
      ...a.as,
      query: { start: 'yesterday', end: query.end },
    });
    expect(errorsOf(bad)).toEqual([{ message: 'Invalid date', propertyName: 'start' }]);
    const missing = await t.call('GET', `TagSampleList/${a.temperature.publicId}`, {
      ...a.as,
      query: { start: query.start },
    });
    expect(errorsOf(missing)[0]).toMatchObject({ propertyName: 'end' });
    // Raw reads cover at most 31 days; longer periods are read as series (from the roll-ups).
    const end = new Date(start + 10_000);
    const long = await t.call('GET', `TagSampleList/${a.temperature.publicId}`, {
      ...a.as,
      query: { start: new Date(end.getTime() - 32 * 86_400_000).toISOString(), end: end.toISOString() },
    });
    expect(long.status).toBe(400);
    expect(errorsOf(long)).toEqual([{ message: 'At most 31 days', propertyName: 'end' }]);
    const month = await t.call('GET', `TagSampleList/${a.temperature.publicId}`, {
      ...a.as,
      query: { start: new Date(end.getTime() - 31 * 86_400_000).toISOString(), end: end.toISOString() },
    });
    expect((month.body.data as unknown[]).length).toBe(5);
  });

  it('answers series with min, max, mean and last per bucket, from roll-ups and raw edges alike', async () => {
    const a = await f.loggingAgent();
    // Two and a half hours of one sample a minute, starting 20 seconds past an hour, 3 hours ago.
    const hour = 3_600_000;
    const origin = Math.floor((Date.now() - 4 * hour) / hour) * hour + 20_000;
    const values = Array.from({ length: 150 }, (_, i) => ({
      time: origin + i * 60_000,
      value: (i * 7) % 23,
    }));
    await f.postBatch(a.credential, {
      batchId: 's',
      samples: values.map((v) => [a.temperature.publicId, v.time, v.value]),
    });
    const expectBuckets = (series: SampleSeries, start: number, end: number, bucketMs: number) => {
      const inside = values.filter((v) => v.time >= start && v.time < end);
      const groups = new Map<number, number[]>();
      for (const v of inside) {
        const b = Math.floor(v.time / bucketMs) * bucketMs;
        groups.set(b, [...(groups.get(b) ?? []), v.value]);
      }
      expect(series.buckets).toEqual(
        [...groups].map(([b, vs]) => ({
          time: new Date(b).toISOString(),
          min: Math.min(...vs),
          max: Math.max(...vs),
          mean: expect.closeTo(vs.reduce((s, v) => s + v, 0) / vs.length, 9),
          last: vs[vs.length - 1],
          count: vs.length,
        })),
      );
    };
    // A period cut inside minutes and hours: the whole hour comes from the hourly roll-up, the rest from raw samples.
    const start = origin + 30 * 60_000 + 5000;
    const end = origin + 140 * 60_000 + 7000;
    const response = await t.call('GET', `AgentSampleSeriesList/${a.agent.publicId}`, {
      ...a.as,
      query: {
        tag: ['temperature', 'missing', 'pressure'],
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        bucketSeconds: '3600',
      },
    });
    expect(response.status).toBe(200);
    const [temperature, missing, pressure] = response.body.data as SampleSeries[];
    expect(temperature!.tag).toEqual({ publicId: a.temperature.publicId, unit: '°C' });
    expect(temperature!.bucketSeconds).toBe(3600);
    expectBuckets(temperature!, start, end, hour);
    expect(missing).toEqual({ name: 'missing', tag: null, bucketSeconds: 3600, buckets: [] });
    expect(pressure!.buckets).toEqual([]);
    const minutes = await t.call('GET', `AgentSampleSeriesList/${a.agent.publicId}`, {
      ...a.as,
      query: {
        tag: 'temperature',
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        bucketSeconds: '600',
      },
    });
    expectBuckets((minutes.body.data as SampleSeries[])[0]!, start, end, 600_000);
    // Without a bucket the server picks one giving at most maxBuckets buckets.
    const year = await t.call('GET', `AgentSampleSeriesList/${a.agent.publicId}`, {
      ...a.as,
      query: {
        tag: 'temperature',
        start: new Date(Date.now() - 365 * 86_400_000).toISOString(),
        end: new Date().toISOString(),
      },
    });
    const series = (year.body.data as SampleSeries[])[0]!;
    expect(series.bucketSeconds).toBe(21_600);
    expect(series.buckets.reduce((n, b) => n + b.count, 0)).toBe(150);
    // An odd width is rounded up to the next standard one, so the roll-ups serve it.
    const odd = await t.call('GET', `AgentSampleSeriesList/${a.agent.publicId}`, {
      ...a.as,
      query: {
        tag: 'temperature',
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        bucketSeconds: '3601',
      },
    });
    const oddSeries = (odd.body.data as SampleSeries[])[0]!;
    expect(oddSeries.bucketSeconds).toBe(7200);
    expectBuckets(oddSeries, start, end, 2 * hour);
  });

  it('reads a long bucket of the largest values without overflowing the sums', async () => {
    const a = await f.loggingAgent();
    const tagId = await f.tagIdOf(a.pressure.publicId);
    const hour = 3_600_000;
    const first = Math.floor(Date.now() / hour) * hour - 100 * hour;
    // 100 hours of 1e300 every millisecond: each hour sums to 3.6e306, all of them to 3.6e308.
    await t.server.db
      .insertInto('samples_1h')
      .values(
        Array.from({ length: 100 }, (_, i) => ({
          tag_id: tagId,
          bucket: new Date(first + i * hour),
          min: 1e300,
          max: 1e300,
          sum: 3.6e306,
          count: 3_600_000,
          last_time: new Date(first + i * hour + hour - 1),
          last_value: 1e300,
        })),
      )
      .execute();
    const series = await t.call('GET', `AgentSampleSeriesList/${a.agent.publicId}`, {
      ...a.as,
      query: {
        tag: 'pressure',
        start: new Date(first).toISOString(),
        end: new Date(first + 100 * hour).toISOString(),
        bucketSeconds: String(100 * 3600),
      },
    });
    expect(series.status).toBe(200);
    const buckets = (series.body.data as SampleSeries[])[0]!.buckets;
    expect(buckets.reduce((n, b) => n + b.count, 0)).toBe(360_000_000);
    // A bucket whose sum is beyond float8 still has its mean (clamped to its max).
    for (const b of buckets) {
      expect(b.max).toBe(1e300);
      expect(b.mean / 1e300).toBeCloseTo(1, 9);
    }
  });

  it('refuses too long periods, too many tags and bad buckets; reads an asset’s agent', async () => {
    const a = await f.loggingAgent();
    const call = (query: Record<string, string | string[]>) =>
      t.call('GET', `AgentSampleSeriesList/${a.agent.publicId}`, { ...a.as, query });
    const end = new Date().toISOString();
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString();
    expect(errorsOf(await call({ tag: 'x', start: longAgo, end }))[0]).toMatchObject({ propertyName: 'end' });
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect(errorsOf(await call({ tag: many, start: end, end }))[0]).toMatchObject({ propertyName: 'tag' });
    expect(errorsOf(await call({ start: end, end }))[0]).toMatchObject({ propertyName: 'tag' });
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect(errorsOf(await call({ tag: 'x', start: hourAgo, end, bucketSeconds: '0' }))[0]).toMatchObject({
      propertyName: 'bucketSeconds',
    });
    expect(errorsOf(await call({ tag: 'x', start: end, end: hourAgo }))[0]).toMatchObject({
      propertyName: 'end',
    });
    const other = await f.setup(['dataLogging']);
    expect(
      (
        await t.call('GET', `AgentSampleSeriesList/${a.agent.publicId}`, {
          ...other.as,
          query: { tag: 'x', start: hourAgo, end },
        })
      ).status,
    ).toBe(404);
  });
});
