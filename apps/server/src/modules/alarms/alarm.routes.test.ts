import { describe, expect, it } from 'vitest';
import {
  alarmErrors,
  alarmLimits,
  appNotInstalledMessage,
  type Alarm,
  type AlarmCondition,
} from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { newPublicId } from '../../http/ids.ts';
import { agentFixtures } from '../agents/agent.test-support.ts';
import { alarmFixtures, at } from './alarms.test-support.ts';

const t = useTestServer();
const f = alarmFixtures(t);
const groups = agentFixtures(t);

async function putInGroup(agentId: number, groupPublicId: string) {
  const groupId = (
    await f
      .db()
      .selectFrom('groups')
      .select('id')
      .where('public_id', '=', groupPublicId)
      .executeTakeFirstOrThrow()
  ).id;
  await f
    .db()
    .insertInto('agent_groups')
    .values({ agent_id: agentId, group_id: groupId, public_id: newPublicId() })
    .execute();
}

const firstError = (r: { body: unknown }) =>
  (r.body as { data: { message: string; propertyName?: string }[] }).data[0];

async function world() {
  const { company, as, companyId } = await f.setup();
  const agent = await f.agent(as, 'Boiler house');
  const tag = await f.tag(agent, 'Temperature', '°C');
  await f.activate(agent);
  return { company, as, companyId, agent, tag };
}

const hot = (tag: { publicId: string }) => ({
  name: 'Too hot',
  tag: { publicId: tag.publicId },
  kind: 'above',
  threshold: 80,
});

describe('alarm conditions', () => {
  it('creates with defaults, lists, reads, changes and deletes, audited', async () => {
    const { as, agent, tag } = await world();
    const created = await f.condition(as, agent.publicId, hot(tag));
    expect(created).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      name: 'Too hot',
      agent: { publicId: agent.publicId, name: 'Boiler house' },
      tag: { publicId: tag.publicId, name: 'Temperature', unit: '°C' },
      kind: 'above',
      threshold: 80,
      hysteresis: 0,
      delaySeconds: 0,
      severity: 'warning',
      enabled: true,
      createdOn: expect.any(String),
    });
    const second = await f.condition(as, agent.publicId, {
      name: 'Moved',
      tag: { publicId: tag.publicId },
      kind: 'changed',
      threshold: 5,
    });
    expect(second.threshold).toBeNull();

    const list = await t.call('GET', `AgentAlarmConditionList/${agent.publicId}`, {
      ...as,
      query: { 'page-size': '1' },
    });
    expect(list.status).toBe(200);
    expect((list.body.data as AlarmCondition[]).map((c) => c.publicId)).toEqual([created.publicId]);
    const next = await t.call('GET', `AgentAlarmConditionList/${agent.publicId}`, {
      ...as,
      query: { 'page-size': '1', 'page-after': list.body.moreAfter as string },
    });
    expect((next.body.data as AlarmCondition[]).map((c) => c.publicId)).toEqual([second.publicId]);
    expect(next.body.moreAfter).toBeNull();

    expect((await t.call('GET', `AlarmCondition/${created.publicId}`, as)).body.data).toEqual(created);
    const patched = await t.call('PATCH', `AlarmCondition/${created.publicId}`, {
      ...as,
      body: { threshold: 90, hysteresis: 2, severity: 'critical', delaySeconds: 30 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      threshold: 90,
      hysteresis: 2,
      severity: 'critical',
      delaySeconds: 30,
      name: 'Too hot',
    });

    const removed = await t.call('DELETE', `AlarmCondition/${created.publicId}`, as);
    expect(removed.status).toBe(200);
    expect((await t.call('GET', `AlarmCondition/${created.publicId}`, as)).status).toBe(404);
    const audit = await f
      .db()
      .selectFrom('audit_logs')
      .select('action')
      .where('resource_public_id', '=', created.publicId)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('refuses bad input with the property named', async () => {
    const { as, agent, tag } = await world();
    const other = await f.agent(as);
    const foreignTag = await f.tag(other);
    const post = (body: object) =>
      t.call('POST', `AgentAlarmConditionList/${agent.publicId}`, { ...as, body });
    let r = await post({ ...hot(tag), threshold: undefined });
    expect(r.status).toBe(400);
    expect(firstError(r)).toEqual({ message: alarmErrors.thresholdRequired, propertyName: 'threshold' });
    r = await post({ ...hot(tag), tag: { publicId: foreignTag.publicId } });
    expect(r.status).toBe(404);
    expect(firstError(r)).toEqual({ message: 'Not found', propertyName: 'tag.publicId' });
    r = await post({ ...hot(tag), name: '' });
    expect(r.status).toBe(400);
    expect(firstError(r)!.propertyName).toBe('name');
    r = await post({ ...hot(tag), kind: 'sideways' });
    expect(firstError(r)!.propertyName).toBe('kind');
    r = await post({ ...hot(tag), delaySeconds: alarmLimits.maxDelaySeconds + 1 });
    expect(firstError(r)!.propertyName).toBe('delaySeconds');
    r = await post({ ...hot(tag), hysteresis: -1 });
    expect(firstError(r)!.propertyName).toBe('hysteresis');
    r = await post({ ...hot(tag), extra: 1 });
    expect(r.status).toBe(400);
    r = await post([hot(tag)]);
    expect(r.status).toBe(400);

    const created = await f.condition(as, agent.publicId, hot(tag));
    r = await t.call('PATCH', `AlarmCondition/${created.publicId}`, { ...as, body: { threshold: null } });
    expect(firstError(r)).toEqual({ message: alarmErrors.thresholdRequired, propertyName: 'threshold' });
    r = await t.call('PATCH', `AlarmCondition/${created.publicId}`, {
      ...as,
      body: { tag: { publicId: foreignTag.publicId } },
    });
    expect(r.status).toBe(404);
    expect(firstError(r)).toEqual({ message: 'Not found', propertyName: 'tag.publicId' });
  });

  it('keeps to the limit of conditions per agent', async () => {
    const { as, agent, tag } = await world();
    await f
      .db()
      .insertInto('alarm_conditions')
      .values(
        Array.from({ length: alarmLimits.conditionsPerAgent }, (_, i) => ({
          public_id: newPublicId(),
          company_id: agent.companyId,
          agent_id: agent.id,
          tag_id: tag.id,
          name: `C${i}`,
          kind: 'changed' as const,
          threshold: null,
        })),
      )
      .execute();
    const r = await t.call('POST', `AgentAlarmConditionList/${agent.publicId}`, { ...as, body: hot(tag) });
    expect(r.status).toBe(409);
    expect(firstError(r)!.message).toBe(alarmErrors.conditionLimit);
  });

  it('needs a session, the app, the right and the agent in sight', async () => {
    const { company, as, agent, tag } = await world();
    const created = await f.condition(as, agent.publicId, hot(tag));
    expect(
      (await t.call('GET', `AgentAlarmConditionList/${agent.publicId}`, { company: as.company })).status,
    ).toBe(401);
    expect(
      (
        await t.call('POST', `AgentAlarmConditionList/${agent.publicId}`, {
          company: as.company,
          body: hot(tag),
        })
      ).status,
    ).toBe(401);

    const reader = await f.member(company, ['agents.connect']);
    expect((await t.call('GET', `AgentAlarmConditionList/${agent.publicId}`, reader.as)).status).toBe(200);
    expect((await t.call('GET', `AlarmCondition/${created.publicId}`, reader.as)).status).toBe(200);
    expect(
      (await t.call('POST', `AgentAlarmConditionList/${agent.publicId}`, { ...reader.as, body: hot(tag) }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('PATCH', `AlarmCondition/${created.publicId}`, { ...reader.as, body: { name: 'x' } }))
        .status,
    ).toBe(403);
    expect((await t.call('DELETE', `AlarmCondition/${created.publicId}`, reader.as)).status).toBe(403);

    // Sees no agent: not found.
    const blind = await f.member(company, ['dataLogging.manage']);
    expect((await t.call('GET', `AgentAlarmConditionList/${agent.publicId}`, blind.as)).status).toBe(404);
    expect((await t.call('GET', `AlarmCondition/${created.publicId}`, blind.as)).status).toBe(404);

    // A group role over the agent is enough to manage its conditions.
    const group = await groups.createGroup(as, `Plant ${t.unique()}`);
    await putInGroup(agent.id, group);
    const grouped = await f.member(company, []);
    await groups.addGroupMember(company, group, grouped.user, ['dataLogging.manage']);
    expect(
      (
        await t.call('PATCH', `AlarmCondition/${created.publicId}`, {
          ...grouped.as,
          body: { name: 'Hotter' },
        })
      ).status,
    ).toBe(200);

    const stranger = await f.setup();
    expect((await t.call('GET', `AgentAlarmConditionList/${agent.publicId}`, stranger.as)).status).toBe(404);
    expect((await t.call('GET', `AlarmCondition/${created.publicId}`, stranger.as)).status).toBe(404);
    expect(
      (await t.call('PATCH', `AlarmCondition/${created.publicId}`, { ...stranger.as, body: { name: 'x' } }))
        .status,
    ).toBe(404);
    expect((await t.call('DELETE', `AlarmCondition/${created.publicId}`, stranger.as)).status).toBe(404);
    expect(
      (await t.call('POST', `AgentAlarmConditionList/${agent.publicId}`, { ...stranger.as, body: hot(tag) }))
        .status,
    ).toBe(404);

    const noApp = await f.setup(['dataLogging']);
    const theirAgent = await f.agent(noApp.as);
    const r = await t.call('GET', `AgentAlarmConditionList/${theirAgent.publicId}`, noApp.as);
    expect(r.status).toBe(403);
    expect(firstError(r)!.message).toBe(appNotInstalledMessage('alarming'));
    expect(
      (
        await t.call('POST', `AgentAlarmConditionList/${theirAgent.publicId}`, {
          ...noApp.as,
          body: hot(tag),
        })
      ).status,
    ).toBe(403);
    expect((await t.call('GET', 'AlarmList', noApp.as)).status).toBe(403);
  });
});

describe('alarm occurrences', () => {
  async function raised() {
    const w = await world();
    const condition = await f.condition(w.as, w.agent.publicId, hot(w.tag));
    await f.samples(w.agent, [{ tagId: w.tag.id, time: at(0), value: 85 }]);
    const [row] = await f.alarmsOf(w.agent);
    return { ...w, condition, alarm: row! };
  }

  it('lists open and all, newest first with paging, company-wide for the agents one sees', async () => {
    const { company, as, agent, tag, alarm } = await raised();
    await f.samples(agent, [
      { tagId: tag.id, time: at(1), value: 10 },
      { tagId: tag.id, time: at(2), value: 90 },
    ]);
    const rows = await f.alarmsOf(agent);
    expect(rows).toHaveLength(2);
    // The first was cleared unacknowledged: still open (wants attention), shown as cleared.
    const open = await t.call('GET', `AgentAlarmList/${agent.publicId}`, as);
    expect(open.status).toBe(200);
    const data = open.body.data as Alarm[];
    expect(data.map((a) => [a.publicId, a.state])).toEqual([
      [rows[1]!.public_id, 'active'],
      [alarm.public_id, 'cleared'],
    ]);
    expect(data[1]).toMatchObject({
      condition: { name: 'Too hot', kind: 'above', threshold: 80 },
      tag: { publicId: tag.publicId, name: 'Temperature', unit: '°C' },
      value: 85,
      raisedOn: at(0).toISOString(),
      clearedOn: at(1).toISOString(),
      acknowledgedBy: null,
    });
    await t.call('POST', `AlarmAcknowledge/${alarm.public_id}`, { ...as, body: { comment: 'seen' } });
    expect(
      ((await t.call('GET', `AgentAlarmList/${agent.publicId}`, as)).body.data as Alarm[]).map(
        (a) => a.publicId,
      ),
    ).toEqual([rows[1]!.public_id]);
    const all = await t.call('GET', `AgentAlarmList/${agent.publicId}`, {
      ...as,
      query: { state: 'all', 'page-size': '1' },
    });
    expect((all.body.data as Alarm[]).map((a) => a.publicId)).toEqual([rows[1]!.public_id]);
    const rest = await t.call('GET', `AgentAlarmList/${agent.publicId}`, {
      ...as,
      query: { state: 'all', 'page-size': '1', 'page-after': all.body.moreAfter as string },
    });
    expect((rest.body.data as Alarm[]).map((a) => a.publicId)).toEqual([alarm.public_id]);
    expect(rest.body.moreAfter).toBeNull();

    const bad = await t.call('GET', `AgentAlarmList/${agent.publicId}`, {
      ...as,
      query: { state: 'closed' },
    });
    expect(firstError(bad)).toEqual({ message: 'Must be open or all', propertyName: 'state' });
    expect(
      firstError(await t.call('GET', 'AlarmList', { ...as, query: { 'page-size': '0' } }))!.propertyName,
    ).toBe('page-size');

    // Company-wide: a group member sees only their group's agent.
    const second = await f.agent(as, 'Pump station');
    const secondTag = await f.tag(second);
    await f.activate(second);
    await f.condition(as, second.publicId, hot(secondTag));
    await f.samples(second, [{ tagId: secondTag.id, time: at(0), value: 99 }]);
    const everything = (await t.call('GET', 'AlarmList', as)).body.data as Alarm[];
    expect(everything.map((a) => a.agent.name).sort()).toEqual(['Boiler house', 'Pump station']);
    const group = await groups.createGroup(as, `Pumps ${t.unique()}`);
    await putInGroup(second.id, group);
    const pumper = await f.member(company, []);
    await groups.addGroupMember(company, group, pumper.user, ['alarms.acknowledge']);
    const theirs = (await t.call('GET', 'AlarmList', pumper.as)).body.data as Alarm[];
    expect(theirs.map((a) => a.agent.name)).toEqual(['Pump station']);
    expect((await t.call('GET', `Alarm/${alarm.public_id}`, pumper.as)).status).toBe(404);
    expect((await t.call('GET', `AgentAlarmList/${agent.publicId}`, pumper.as)).status).toBe(404);
    expect((await t.call('GET', 'AlarmList', { company: as.company })).status).toBe(401);
  });

  it('acknowledges once with a comment, tells who sees the agent, and guards the call', async () => {
    const { company, as, agent, alarm } = await raised();
    const reader = await f.member(company, ['agents.connect']);
    expect((await t.call('GET', `Alarm/${alarm.public_id}`, reader.as)).body.data).toMatchObject({
      state: 'active',
    });
    expect(
      (await t.call('POST', `AlarmAcknowledge/${alarm.public_id}`, { ...reader.as, body: {} })).status,
    ).toBe(403);
    const long = await t.call('POST', `AlarmAcknowledge/${alarm.public_id}`, {
      ...as,
      body: { comment: 'x'.repeat(alarmLimits.commentMaxLength + 1) },
    });
    expect(firstError(long)!.propertyName).toBe('comment');
    expect(
      (await t.call('POST', `AlarmAcknowledge/${alarm.public_id}`, { company: as.company, body: {} })).status,
    ).toBe(401);
    const stranger = await f.setup();
    expect(
      (await t.call('POST', `AlarmAcknowledge/${alarm.public_id}`, { ...stranger.as, body: {} })).status,
    ).toBe(404);
    expect((await t.call('GET', `Alarm/${alarm.public_id}`, stranger.as)).status).toBe(404);

    const acknowledger = await f.member(company, ['agents.connect', 'alarms.acknowledge']);
    const events = f.recordEvents();
    const ack = await t.call('POST', `AlarmAcknowledge/${alarm.public_id}`, {
      ...acknowledger.as,
      body: { comment: '  Technician on the way  ' },
    });
    events.stop();
    expect(ack.status).toBe(200);
    expect(ack.body.data).toMatchObject({
      state: 'acknowledged',
      comment: 'Technician on the way',
      acknowledgedBy: { publicId: acknowledger.user.publicId, name: 'Member' },
      acknowledgedOn: expect.any(String),
    });
    const changed = events.seen.filter((e) => e.event.type === 'AlarmChanged');
    expect(changed).toHaveLength(1);
    expect((changed[0]!.event.data as Alarm).state).toBe('acknowledged');

    const again = await t.call('POST', `AlarmAcknowledge/${alarm.public_id}`, {
      ...as,
      body: { comment: 'me too' },
    });
    expect(again.status).toBe(409);
    expect(firstError(again)!.message).toBe(alarmErrors.alreadyAcknowledged);

    // Cleared after acknowledgement: the life cycle ends as cleared, keeping who acknowledged.
    await f.samples(agent, [{ tagId: alarm.tag_id, time: at(5), value: 0 }]);
    const read = await t.call('GET', `Alarm/${alarm.public_id}`, as);
    expect(read.body.data).toMatchObject({
      state: 'cleared',
      comment: 'Technician on the way',
      clearedOn: at(5).toISOString(),
    });
  });

  it('a new rule or disabling clears the open occurrence; a new name or severity keeps it', async () => {
    const { as, agent, condition } = await raised();
    let r = await t.call('PATCH', `AlarmCondition/${condition.publicId}`, {
      ...as,
      body: { name: 'Very hot', severity: 'critical', hysteresis: 3 },
    });
    expect(r.status).toBe(200);
    expect((await f.alarmsOf(agent))[0]!.cleared_at).toBeNull();
    const events = f.recordEvents();
    r = await t.call('PATCH', `AlarmCondition/${condition.publicId}`, { ...as, body: { enabled: false } });
    events.stop();
    expect(r.status).toBe(200);
    expect((await f.alarmsOf(agent))[0]!.cleared_at).not.toBeNull();
    const types = events.seen.map((e) => e.event.type);
    expect(types).toContain('AlarmChanged');
    expect(types).toContain('DataConfigChanged');
  });
});

describe('alarm e-mail subscription', () => {
  it('is the caller’s own switch, for an agent they see', async () => {
    const { company, as, agent } = await world();
    expect((await t.call('GET', `AgentAlarmSubscription/${agent.publicId}`, as)).body.data).toEqual({
      agent: { publicId: agent.publicId },
      email: false,
    });
    expect(
      (await t.call('PUT', `AgentAlarmSubscription/${agent.publicId}`, { ...as, body: { email: true } }))
        .status,
    ).toBe(200);
    expect(
      ((await t.call('GET', `AgentAlarmSubscription/${agent.publicId}`, as)).body.data as { email: boolean })
        .email,
    ).toBe(true);
    const other = await f.member(company, ['agents.connect']);
    expect(
      (
        (await t.call('GET', `AgentAlarmSubscription/${agent.publicId}`, other.as)).body.data as {
          email: boolean;
        }
      ).email,
    ).toBe(false);
    await t.call('PUT', `AgentAlarmSubscription/${agent.publicId}`, { ...as, body: { email: false } });
    expect(
      ((await t.call('GET', `AgentAlarmSubscription/${agent.publicId}`, as)).body.data as { email: boolean })
        .email,
    ).toBe(false);

    const bad = await t.call('PUT', `AgentAlarmSubscription/${agent.publicId}`, {
      ...as,
      body: { email: 'yes' },
    });
    expect(firstError(bad)!.propertyName).toBe('email');
    expect(
      (await t.call('PUT', `AgentAlarmSubscription/${agent.publicId}`, { ...as, body: {} })).status,
    ).toBe(400);
    expect(
      (await t.call('GET', `AgentAlarmSubscription/${agent.publicId}`, { company: as.company })).status,
    ).toBe(401);
    const blind = await f.member(company, []);
    expect(
      (
        await t.call('PUT', `AgentAlarmSubscription/${agent.publicId}`, {
          ...blind.as,
          body: { email: true },
        })
      ).status,
    ).toBe(404);
    const stranger = await f.setup();
    expect((await t.call('GET', `AgentAlarmSubscription/${agent.publicId}`, stranger.as)).status).toBe(404);
  });
});
