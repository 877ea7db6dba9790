import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent, Alarm, DataSource, LiveEvent, Tag } from '@fleetgate/contracts';
import { sql } from 'kysely';
import { useTestServer } from '../../../test/harness.ts';
import { AgentRunner } from '../../../../agent/src/agent-runner.ts';
import { DataLogger } from '../../../../agent/src/data-logger.ts';
import { startSimulator, type Simulator } from '../../../../agent/src/simulator.ts';
import { eventually } from '../../relay/relay.test-support.ts';
import { dataLoggingFixtures } from './data-logging.test-support.ts';

/**
 * The whole collection chain with nothing faked: the simulator's Modbus TCP machine, the real
 * agent (AgentRunner attached to the relay, DataLogger sampling, spooling and uploading), the
 * server pushing the data config over the relay, storing each sample once, telling the portal
 * (`TagValuesChanged`) and raising an alarm when the machine's alarm bit is tripped.
 */
const t = useTestServer();
const f = dataLoggingFixtures(t);

let simulator: Simulator;
let dir: string;
beforeAll(async () => {
  simulator = await startSimulator();
  dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-collection-'));
});
afterAll(async () => {
  await simulator.close();
  await rm(dir, { recursive: true, force: true });
});

describe('data collection end to end', () => {
  it('pushes the config, samples the Modbus machine, stores every sample once, publishes values and raises the alarm', async () => {
    const { as } = await f.setup(['dataLogging', 'alarming']);
    const modbus = simulator.services.find((s) => s.name === 'modbus')!;
    const created = await t.call('POST', 'AgentList', {
      ...as,
      body: {
        name: `Line ${t.unique()}`,
        servers: [{ name: 'modbus', host: modbus.host, port: modbus.port }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const agent = created.body.data as Agent;
    const read = await t.call('GET', `Agent/${agent.publicId}`, { ...as, query: { fields: 'servers' } });
    const service = (read.body.data as { servers: { publicId: string }[] }).servers[0]!;
    const sourceResponse = await t.call('POST', `AgentDataSourceList/${agent.publicId}`, {
      ...as,
      body: { name: 'Machine', kind: 'modbus', server: { publicId: service.publicId }, unitId: 1 },
    });
    expect(sourceResponse.status, JSON.stringify(sourceResponse.body)).toBe(201);
    const source = sourceResponse.body.data as DataSource;
    const newTag = async (body: object) => {
      const response = await t.call('POST', `AgentTagList/${agent.publicId}`, {
        ...as,
        body: { dataSource: { publicId: source.publicId }, ...body },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data as Tag;
    };
    const temperature = await newTag({
      name: 'Temperature',
      address: 'hr:0',
      dataType: 'int16',
      scale: 0.1,
      unit: '°C',
    });
    const alarmBit = await newTag({ name: 'Alarm', address: 'coil:1', dataType: 'bool' });
    const credential = await f.enrol(as, agent.publicId);
    await f.activate(as, agent.publicId);
    const alarming = await t.call('POST', 'AgentAppAlarmingListActivate', {
      ...as,
      body: { publicId: agent.publicId, trial: true },
    });
    expect(alarming.status, JSON.stringify(alarming.body)).toBe(201);
    const condition = await t.call('POST', `AgentAlarmConditionList/${agent.publicId}`, {
      ...as,
      body: { name: 'Machine alarm', tag: { publicId: alarmBit.publicId }, kind: 'above', threshold: 0.5 },
    });
    expect(condition.status, JSON.stringify(condition.body)).toBe(201);

    const seen: LiveEvent[] = [];
    const stopListening = t.server.built.events.listen(({ event }) => seen.push(event));
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const logger = await DataLogger.start({
      dir,
      server: t.server.baseUrl,
      credential,
      services: simulator.services,
      log,
    });
    const runner = new AgentRunner({
      relayUrl: `${t.server.baseUrl.replace(/^http/, 'ws')}/relay/agent`,
      credential,
      services: simulator.services,
      log,
      onDataConfig: (stream) => void logger.receive(stream),
      minDelayMs: 100,
      maxDelayMs: 500,
    });
    runner.on('attached', () => logger.nudge());
    runner.start();
    try {
      // The config arrives over the relay on attach.
      const firstVersion = await eventually(async () => logger.version, 15_000);
      const tagId = await f.tagIdOf(temperature.publicId);
      const samplesOf = async (id: number) =>
        t.server.db
          .selectFrom('samples')
          .select(['time', 'value'])
          .where('tag_id', '=', id)
          .orderBy('time')
          .execute();
      const first = await eventually(async () => {
        const rows = await samplesOf(tagId);
        return rows.length >= 3 ? rows : undefined;
      }, 15_000);
      // Real values of the machine (20–80 °C).
      for (const row of first) {
        expect(row.value).toBeGreaterThanOrEqual(20);
        expect(row.value).toBeLessThanOrEqual(80);
      }
      await eventually(async () =>
        seen.some(
          (e) =>
            e.type === 'TagValuesChanged' &&
            e.data.agent.publicId === agent.publicId &&
            e.data.tags.some((tag) => tag.publicId === temperature.publicId),
        )
          ? true
          : undefined,
      );

      // A change in the console reaches the running agent: a new tag is sampled too.
      const pressure = await newTag({ name: 'Pressure', address: 'hr:1', dataType: 'uint16', unit: 'mbar' });
      await eventually(async () => (logger.version !== firstVersion ? true : undefined), 15_000);
      const pressureId = await f.tagIdOf(pressure.publicId);
      await eventually(async () => ((await samplesOf(pressureId)).length > 0 ? true : undefined), 15_000);

      // The machine's alarm bit trips: the server raises the alarm as the samples arrive.
      simulator.machine.setAlarm(true);
      const alarm = await eventually(async () => {
        const list = await t.call('GET', `AgentAlarmList/${agent.publicId}`, as);
        expect(list.status).toBe(200);
        return (list.body.data as Alarm[]).find((a) => a.state === 'active');
      }, 15_000);
      expect(alarm.condition.publicId).toBe((condition.body.data as { publicId: string }).publicId);
      await eventually(async () => (seen.some((e) => e.type === 'AlarmChanged') ? true : undefined));
      simulator.machine.setAlarm(false);
    } finally {
      stopListening();
      await runner.stop();
      await logger.stop();
    }

    // Every sample stored once: the agent's counter of stored samples matches the rows (a resent
    // batch would count twice here and in the table, but the table cannot hold a tag/time twice).
    const { rows } = await sql<{ n: number; distinct: number }>`
      select count(*)::int as n, count(distinct (tag_id, time))::int as distinct
      from samples where tag_id in (select id from tags where agent_id = (select id from agents where public_id = ${agent.publicId}))`.execute(
      t.server.db,
    );
    expect(rows[0]!.n).toBe(rows[0]!.distinct);
    const state = await t.server.db
      .selectFrom('agent_logging_states')
      .innerJoin('agents', 'agents.id', 'agent_logging_states.agent_id')
      .select('samples_stored')
      .where('agents.public_id', '=', agent.publicId)
      .executeTakeFirstOrThrow();
    expect(Number(state.samples_stored)).toBe(rows[0]!.n);
    expect(lines.join('\n')).not.toMatch(/cannot send samples|cannot write the spool/);
  });
});
