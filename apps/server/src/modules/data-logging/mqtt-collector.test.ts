import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent, Alarm, DataSource, Tag } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { createMailer } from '../../mail/mailer.ts';
import { eventually } from '../../relay/relay.test-support.ts';
import type { As } from '../licences/licence.test-support.ts';
import { dataLoggingFixtures } from './data-logging.test-support.ts';
import { startMqttCollector, type MqttCollector } from './mqtt-collector.ts';

// A key of this file's own, so the suite never writes a key file into the working directory.
process.env.FLEETGATE_SECRET_KEY = randomBytes(32).toString('base64');

/** The Mosquitto every test run has (no authentication). */
const brokerUrl = 'mqtt://127.0.0.1:1883';
const timings = { flushMs: 100, backoffMinMs: 100, backoffMaxMs: 1000 };

type TestServer = ReturnType<typeof useTestServer>;

/** An agent with data logging active whose one MQTT data source reads `topics` (tag name → settings). */
async function mqttAgent(
  t: TestServer,
  as: As,
  broker: string,
  tags: Record<string, { topic: string; scale?: number; dataType?: string; logMode?: string }>,
) {
  const f = dataLoggingFixtures(t);
  const created = await t.call('POST', 'AgentList', { ...as, body: { name: `Line ${t.unique()}` } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const agent = created.body.data as Agent;
  const source = await t.call('POST', `AgentDataSourceList/${agent.publicId}`, {
    ...as,
    body: { name: 'Plant broker', kind: 'mqtt', mqttBroker: { publicId: broker } },
  });
  expect(source.status, JSON.stringify(source.body)).toBe(201);
  const byName: Record<string, Tag> = {};
  for (const [name, { topic, ...settings }] of Object.entries(tags)) {
    const response = await t.call('POST', `AgentTagList/${agent.publicId}`, {
      ...as,
      body: {
        name,
        dataSource: { publicId: (source.body.data as DataSource).publicId },
        address: topic,
        dataType: 'float64',
        ...settings,
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    byName[name] = response.body.data as Tag;
  }
  await f.activate(as, agent.publicId);
  return { agent, tags: byName };
}

async function newBroker(t: TestServer, as: As, url = brokerUrl) {
  const response = await t.call('POST', 'MqttBrokerList', {
    ...as,
    body: { name: `Broker ${t.unique()}`, url },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body.data as { publicId: string }).publicId;
}

function samplesOf(t: TestServer, tag: Tag) {
  return t.server.db
    .selectFrom('samples as s')
    .innerJoin('tags as t', 't.id', 's.tag_id')
    .select(['s.time', 's.value'])
    .where('t.public_id', '=', tag.publicId)
    .orderBy('s.time')
    .execute();
}

/** Publishes until the collector has subscribed and stored a sample of `tag` (a subscription takes a moment). */
async function publishUntilStored(
  t: TestServer,
  publisher: MqttClient,
  topic: string,
  tag: Tag,
  payload: string,
  stored = Number(payload),
) {
  return eventually(async () => {
    const samples = await samplesOf(t, tag);
    if (samples.some((s) => s.value === stored)) return samples;
    await publisher.publishAsync(topic, payload, { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    return undefined;
  }, 15_000);
}

describe('MQTT collector', () => {
  const t = useTestServer({ config: { outboundAllowPrivate: true }, mqttCollector: timings });
  const f = dataLoggingFixtures(t);
  let publisher: MqttClient;
  beforeAll(async () => {
    publisher = await connectAsync(brokerUrl, { clientId: `fleetgate-test-${t.unique()}` });
  });
  afterAll(() => publisher.endAsync());

  it('stores numeric payloads of the tags’ topics, scaled, once per interval, and ignores the rest', async () => {
    const { as } = await f.setup(['dataLogging']);
    const base = `fleetgate-test/${t.unique()}`;
    const broker = await newBroker(t, as);
    const { tags } = await mqttAgent(t, as, broker, {
      temperature: { topic: `${base}/temperature`, scale: 0.1 },
      pressure: { topic: `${base}/pressure` },
      running: { topic: `${base}/running`, dataType: 'bool' },
      noise: { topic: `${base}/noise` },
    });
    await publishUntilStored(t, publisher, `${base}/temperature`, tags.temperature!, '200', 20);

    for (const payload of ['abc', '{"value":"1"}', '0x10', '', '{"value":'])
      await publisher.publishAsync(`${base}/noise`, payload, { qos: 1 });
    await publisher.publishAsync(`${base}/pressure`, '{"value": 4.5, "unit": "bar"}', { qos: 1 });
    await publisher.publishAsync(`${base}/running`, 'true', { qos: 1 });
    const pressure = await eventually(async () => {
      const samples = await samplesOf(t, tags.pressure!);
      return samples.length > 0 ? samples : undefined;
    }, 5000);
    expect(pressure.map((s) => s.value)).toEqual([4.5]);
    const running = await eventually(async () => {
      const samples = await samplesOf(t, tags.running!);
      return samples.length > 0 ? samples : undefined;
    }, 5000);
    expect(running.map((s) => s.value)).toEqual([1]);
    expect(await samplesOf(t, tags.noise!)).toEqual([]);

    // Many values within a moment: at most one sample per one-second interval, at its start,
    // and the newest value of the interval is the one kept.
    const before = await samplesOf(t, tags.temperature!);
    // (Published until the subscription was in place: maybe more than once.)
    expect(new Set(before.map((s) => s.value))).toEqual(new Set([20]));
    for (const raw of [211, 212, 213, 214, 215])
      await publisher.publishAsync(`${base}/temperature`, String(raw));
    const after = await eventually(async () => {
      const samples = await samplesOf(t, tags.temperature!);
      return samples.at(-1)?.value === 21.5 ? samples : undefined;
    }, 5000);
    expect(after.length - before.length).toBeGreaterThanOrEqual(1);
    expect(after.length - before.length).toBeLessThanOrEqual(2);
    for (const sample of after) expect(sample.time.getTime() % 1000).toBe(0);

    // Stored as an agent's samples are: the tag's newest value follows.
    const read = await t.call('GET', `Tag/${tags.temperature!.publicId}`, as);
    expect((read.body.data as Tag).last).toEqual({ time: after.at(-1)!.time.toISOString(), value: 21.5 });
  });

  it('raises alarms on MQTT values as on an agent’s samples', async () => {
    const { as } = await f.setup(['dataLogging', 'alarming']);
    const base = `fleetgate-test/${t.unique()}`;
    const broker = await newBroker(t, as);
    const { agent, tags } = await mqttAgent(t, as, broker, {
      alarm: { topic: `${base}/alarm`, dataType: 'bool' },
    });
    const alarming = await t.call('POST', 'AgentAppAlarmingListActivate', {
      ...as,
      body: { publicId: agent.publicId, trial: true },
    });
    expect(alarming.status, JSON.stringify(alarming.body)).toBe(201);
    const condition = await t.call('POST', `AgentAlarmConditionList/${agent.publicId}`, {
      ...as,
      body: { name: 'Tripped', tag: { publicId: tags.alarm!.publicId }, kind: 'above', threshold: 0.5 },
    });
    expect(condition.status, JSON.stringify(condition.body)).toBe(201);
    await publishUntilStored(t, publisher, `${base}/alarm`, tags.alarm!, 'true', 1);
    const alarm = await eventually(async () => {
      const list = await t.call('GET', `AgentAlarmList/${agent.publicId}`, as);
      return (list.body.data as Alarm[]).find((a) => a.state === 'active');
    }, 5000);
    expect(alarm.condition.publicId).toBe((condition.body.data as { publicId: string }).publicId);
  });

  it("stops storing an agent's topics once its logging is deactivated", async () => {
    const { as } = await f.setup(['dataLogging']);
    const base = `fleetgate-test/${t.unique()}`;
    const broker = await newBroker(t, as);
    // Two agents on one broker.
    const stopped = await mqttAgent(t, as, broker, { level: { topic: `${base}/a` } });
    const running = await mqttAgent(t, as, broker, { level: { topic: `${base}/b` } });
    await publishUntilStored(t, publisher, `${base}/a`, stopped.tags.level!, '1');
    await publishUntilStored(t, publisher, `${base}/b`, running.tags.level!, '1');

    expect((await t.call('DELETE', `AgentAppLogging/${stopped.agent.publicId}`, as)).status).toBe(200);
    // The other agent's values still arrive and are stored; the deactivated one's are not.
    await publisher.publishAsync(`${base}/a`, '7', { qos: 1 });
    await publishUntilStored(t, publisher, `${base}/b`, running.tags.level!, '8');
    await publisher.publishAsync(`${base}/a`, '9', { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(new Set((await samplesOf(t, stopped.tags.level!)).map((s) => s.value))).toEqual(new Set([1]));
  });
});

describe('MQTT collectors of two server processes', () => {
  const t = useTestServer({ config: { outboundAllowPrivate: true }, mqttCollector: timings });
  const f = dataLoggingFixtures(t);
  let publisher: MqttClient;
  let second: MqttCollector;
  beforeAll(async () => {
    publisher = await connectAsync(brokerUrl, { clientId: `fleetgate-test-${t.unique()}` });
    // What another process on the same database runs.
    const { db, built, config } = t.server;
    const deps = { db, events: built.events, mailer: createMailer(config), log: built.app.log, config };
    second = startMqttCollector(deps, timings);
  });
  afterAll(async () => {
    await second.stop();
    await publisher.endAsync();
  });

  it('store each sample once and share one connection per broker', async () => {
    const { as } = await f.setup(['dataLogging']);
    const base = `fleetgate-test/${t.unique()}`;
    const broker = await newBroker(t, as);
    const one = await mqttAgent(t, as, broker, { flow: { topic: `${base}/flow` } });
    const two = await mqttAgent(t, as, broker, {
      flow: { topic: `${base}/flow` },
      level: { topic: `${base}/l` },
    });
    await second.reload();
    await eventually(async () => {
      const link = second.status().brokers.find((b) => b.publicId === broker);
      return link?.connected && link.topics.length === 2 ? link : undefined;
    }, 10_000);
    await publishUntilStored(t, publisher, `${base}/l`, two.tags.level!, '3');
    const ignoredBefore = second.status().ignored;
    await publisher.publishAsync(`${base}/flow`, 'not a number', { qos: 1 });
    for (const value of ['10', '11', '12']) {
      await publisher.publishAsync(`${base}/flow`, value, { qos: 1 });
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    // One topic feeds the tags of both agents.
    for (const agent of [one, two])
      await eventually(async () => {
        const samples = await samplesOf(t, agent.tags.flow!);
        return samples.at(-1)?.value === 12 ? samples : undefined;
      }, 5000);
    // Both tags saw the bad payload.
    expect(second.status().ignored - ignoredBefore).toBe(2);
    // Both collectors stored: every (tag, time) is there once, and counted once.
    const state = await t.server.db
      .selectFrom('agent_logging_states as s')
      .innerJoin('agents as a', 'a.id', 's.agent_id')
      .select('s.samples_stored')
      .where('a.public_id', '=', one.agent.publicId)
      .executeTakeFirstOrThrow();
    const samples = await samplesOf(t, one.tags.flow!);
    expect(Number(state.samples_stored)).toBe(samples.length);
    expect(new Set(samples.map((s) => s.time.getTime())).size).toBe(samples.length);
  });
});

describe('MQTT collector without OUTBOUND_ALLOW_PRIVATE', () => {
  const t = useTestServer({ mqttCollector: timings });
  const f = dataLoggingFixtures(t);
  const accepted: Socket[] = [];
  const listener = createServer((socket) => accepted.push(socket));
  let port: number;
  beforeAll(async () => {
    listener.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(() => {
    for (const socket of accepted) socket.destroy();
    return new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  it('never connects to a loopback broker', async () => {
    const { as } = await f.setup(['dataLogging']);
    const broker = await newBroker(t, as, `mqtt://127.0.0.1:${port}`);
    await mqttAgent(t, as, broker, { level: { topic: `fleetgate-test/${t.unique()}/level` } });
    // Several connection attempts' worth of time (backoff from 100 ms).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(accepted).toEqual([]);
  });
});
