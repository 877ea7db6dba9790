import { describe, expect, it } from 'vitest';
import { activationPayload, type Alarm } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { evaluateNewestValues } from './alarm-activation.ts';
import { createMailer } from '../../mail/mailer.ts';
import { sweepAlarmDelays } from './alarm-sweep.ts';
import { alarmFixtures, at } from './alarms.test-support.ts';

const t = useTestServer();
const f = alarmFixtures(t);

const sample = (tagId: number, seconds: number, value: number) => ({ tagId, time: at(seconds), value });

async function world() {
  const { company, as } = await f.setup();
  const agent = await f.agent(as, 'Boiler house');
  const tag = await f.tag(agent, 'Temperature', '°C');
  await f.activate(agent);
  return { company, as, agent, tag };
}

describe('alarm evaluator', () => {
  it('raises at once when a new condition already holds for its tag’s newest value', async () => {
    const { as, agent, tag } = await world();
    // The tag's newest stored value (a value logged on change stays put: no new sample comes).
    await f
      .db()
      .updateTable('tags')
      .set({ last_time: at(0), last_value: 1 })
      .where('id', '=', tag.id)
      .execute();
    await f.condition(as, agent.publicId, {
      name: 'Alarm bit',
      tag: { publicId: tag.publicId },
      kind: 'equal',
      threshold: 1,
    });
    const list = await t.call('GET', `AgentAlarmList/${agent.publicId}`, as);
    expect(list.body.data).toMatchObject([{ state: 'active', value: 1, condition: { name: 'Alarm bit' } }]);
  });

  it('raises at activation when a condition already holds for its tag’s newest value', async () => {
    const { as } = await f.setup();
    const agent = await f.agent(as);
    const tag = await f.tag(agent, 'Alarm');
    await f
      .db()
      .updateTable('tags')
      .set({ last_time: at(0), last_value: 1 })
      .where('id', '=', tag.id)
      .execute();
    await f.condition(as, agent.publicId, {
      name: 'Alarm bit',
      tag: { publicId: tag.publicId },
      kind: 'equal',
      threshold: 1,
    });
    // Not activated yet: nothing raised.
    expect(await f.alarmsOf(agent)).toEqual([]);
    const activated = await t.call('POST', 'AgentAppAlarmingListActivate', {
      ...as,
      body: activationPayload(agent.publicId, { trial: true }),
    });
    expect(activated.status, JSON.stringify(activated.body)).toBeLessThan(300);
    await expect
      .poll(async () => (await f.alarmsOf(agent)).map((a) => ({ value: a.value, cleared: a.cleared_at })), {
        timeout: 10_000,
      })
      .toEqual([{ value: 1, cleared: null }]);
    // Hearing the event again (another process) raises nothing more.
    const deps = {
      events: t.server.built.events,
      mailer: createMailer(t.server.config),
      log: t.server.built.app.log,
      config: t.server.config,
    };
    await evaluateNewestValues(t.server.db, deps, agent.publicId);
    expect(await f.alarmsOf(agent)).toHaveLength(1);
  });

  it('raises at the threshold, keeps the occurrence through the hysteresis and clears past it', async () => {
    const { as, agent, tag } = await world();
    await f.condition(as, agent.publicId, {
      name: 'Too hot',
      tag: { publicId: tag.publicId },
      kind: 'above',
      threshold: 80,
      hysteresis: 5,
      severity: 'critical',
    });
    await f.samples(agent, [sample(tag.id, 0, 79.9)]);
    expect(await f.alarmsOf(agent)).toEqual([]);
    // Out of order in the batch: evaluated by time, 80 (raise) then 76 (within hysteresis).
    await f.samples(agent, [sample(tag.id, 2, 76), sample(tag.id, 1, 80)]);
    let rows = await f.alarmsOf(agent);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ value: 80, raised_at: at(1), cleared_at: null, severity: 'critical' });
    await f.samples(agent, [sample(tag.id, 3, 75)]);
    expect((await f.alarmsOf(agent))[0]!.cleared_at).toBeNull();
    await f.samples(agent, [sample(tag.id, 4, 74.9), sample(tag.id, 5, 81)]);
    rows = await f.alarmsOf(agent);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.cleared_at).toEqual(at(4));
    expect(rows[1]).toMatchObject({ value: 81, cleared_at: null });
    // A late sample older than the last one evaluated changes nothing.
    await f.samples(agent, [sample(tag.id, 4, 0)]);
    expect((await f.alarmsOf(agent))[1]!.cleared_at).toBeNull();
  });

  it('below and equal use the hysteresis on their side', async () => {
    const { as, agent, tag } = await world();
    const other = await f.tag(agent, 'Mode', '');
    await f.condition(as, agent.publicId, {
      name: 'Low',
      tag: { publicId: tag.publicId },
      kind: 'below',
      threshold: 10,
      hysteresis: 2,
    });
    await f.condition(as, agent.publicId, {
      name: 'Mode 3',
      tag: { publicId: other.publicId },
      kind: 'equal',
      threshold: 3,
      hysteresis: 0.5,
    });
    await f.samples(agent, [sample(tag.id, 0, 10), sample(other.id, 0, 3)]);
    expect((await f.alarmsOf(agent)).map((r) => r.cleared_at)).toEqual([null, null]);
    await f.samples(agent, [sample(tag.id, 1, 12), sample(other.id, 1, 3.5)]);
    expect((await f.alarmsOf(agent)).map((r) => r.cleared_at)).toEqual([null, null]);
    await f.samples(agent, [sample(tag.id, 2, 12.1), sample(other.id, 2, 3.6)]);
    expect((await f.alarmsOf(agent)).map((r) => r.cleared_at)).toEqual([at(2), at(2)]);
  });

  it('raises only after the condition held for the delay, and the sweep completes a delay without a new sample', async () => {
    const { as, agent, tag } = await world();
    await f.condition(as, agent.publicId, {
      name: 'Hot for a minute',
      tag: { publicId: tag.publicId },
      kind: 'above',
      threshold: 50,
      delaySeconds: 60,
    });
    await f.samples(agent, [sample(tag.id, 0, 55), sample(tag.id, 30, 56), sample(tag.id, 40, 40)]);
    await f.samples(agent, [sample(tag.id, 50, 60), sample(tag.id, 100, 61)]);
    expect(await f.alarmsOf(agent)).toEqual([]);
    await f.samples(agent, [sample(tag.id, 110, 62)]);
    expect(await f.alarmsOf(agent)).toMatchObject([{ raised_at: at(110), value: 62 }]);

    // A second agent whose value stays put after crossing: no sample completes the delay.
    const quiet = await world();
    await f.condition(quiet.as, quiet.agent.publicId, {
      name: 'Hot for a minute',
      tag: { publicId: quiet.tag.publicId },
      kind: 'above',
      threshold: 50,
      delaySeconds: 60,
    });
    await f.samples(quiet.agent, [sample(quiet.tag.id, 0, 70)]);
    await sweepAlarmDelays(f.db(), f.notifyDeps(), at(59));
    expect(await f.alarmsOf(quiet.agent)).toEqual([]);
    const raised = await sweepAlarmDelays(f.db(), f.notifyDeps(), at(61));
    expect(raised).toHaveLength(1);
    expect(await f.alarmsOf(quiet.agent)).toMatchObject([{ raised_at: at(60), value: 70, cleared_at: null }]);
    // Nothing twice.
    await sweepAlarmDelays(f.db(), f.notifyDeps(), at(120));
    expect(await f.alarmsOf(quiet.agent)).toHaveLength(1);
  });

  it('changed raises when the value changes and clears at the next sample that does not change', async () => {
    const { as, agent, tag } = await world();
    await f.condition(as, agent.publicId, {
      name: 'Moved',
      tag: { publicId: tag.publicId },
      kind: 'changed',
      delaySeconds: 30,
    });
    await f.samples(agent, [sample(tag.id, 0, 1), sample(tag.id, 1, 1)]);
    expect(await f.alarmsOf(agent)).toEqual([]);
    await f.samples(agent, [sample(tag.id, 2, 2)]);
    expect(await f.alarmsOf(agent)).toMatchObject([{ raised_at: at(2), value: 2, cleared_at: null }]);
    await f.samples(agent, [sample(tag.id, 3, 5)]);
    expect(await f.alarmsOf(agent)).toHaveLength(1);
    await f.samples(agent, [sample(tag.id, 4, 5), sample(tag.id, 5, 6)]);
    expect(await f.alarmsOf(agent)).toMatchObject([
      { cleared_at: at(4) },
      { raised_at: at(5), cleared_at: null },
    ]);
  });

  it('does nothing while alarming is not activated for the agent or the condition is disabled', async () => {
    const { as } = await f.setup();
    const agent = await f.agent(as);
    const tag = await f.tag(agent);
    await f.condition(as, agent.publicId, {
      name: 'Hot',
      tag: { publicId: tag.publicId },
      kind: 'above',
      threshold: 1,
    });
    await f.samples(agent, [sample(tag.id, 0, 5)]);
    expect(await f.alarmsOf(agent)).toEqual([]);
    const state = await f
      .db()
      .selectFrom('alarm_conditions')
      .select(['last_value', 'pending_since'])
      .where('agent_id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(state).toEqual({ last_value: null, pending_since: null });

    const other = await world();
    await f.condition(other.as, other.agent.publicId, {
      name: 'Off',
      tag: { publicId: other.tag.publicId },
      kind: 'above',
      threshold: 1,
      enabled: false,
    });
    await f.samples(other.agent, [sample(other.tag.id, 0, 5)]);
    expect(await f.alarmsOf(other.agent)).toEqual([]);
  });

  it('does nothing once the company uninstalled Alarming, though the agent’s activation runs on', async () => {
    const { as, agent, tag } = await world();
    await f.condition(as, agent.publicId, {
      name: 'Hot for a minute',
      tag: { publicId: tag.publicId },
      kind: 'above',
      threshold: 50,
      delaySeconds: 60,
    });
    // A delay under way when the app goes: the sweep does not complete it.
    await f.samples(agent, [sample(tag.id, 0, 70)]);
    await f
      .db()
      .deleteFrom('company_apps')
      .where('company_id', '=', agent.companyId)
      .where('app', '=', 'alarming')
      .execute();
    expect(await sweepAlarmDelays(f.db(), f.notifyDeps(), at(61))).toEqual([]);
    await f.samples(agent, [sample(tag.id, 100, 80)]);
    expect(await f.alarmsOf(agent)).toEqual([]);
    // Installed again (the activation never ended): evaluation goes on.
    await f
      .db()
      .insertInto('company_apps')
      .values({ company_id: agent.companyId, app: 'alarming', config: '{}', installed_by_user_id: null })
      .execute();
    expect(await sweepAlarmDelays(f.db(), f.notifyDeps(), at(101))).toHaveLength(1);
    expect(await f.alarmsOf(agent)).toHaveLength(1);
  });

  it('tells the users who see the agent, leaves one inbox message per occurrence and mails subscribers once', async () => {
    const { company, as, agent, tag } = await world();
    const acknowledger = await f.member(company, ['agents.connect', 'alarms.acknowledge']);
    const blind = await f.member(company, ['alarms.acknowledge']);
    const viewer = await f.member(company, ['agents.connect']);
    const sub = await t.call('PUT', `AgentAlarmSubscription/${agent.publicId}`, {
      ...acknowledger.as,
      body: { email: true },
    });
    expect(sub.body.data).toEqual({ agent: { publicId: agent.publicId }, email: true });
    await t.call('PUT', `AgentAlarmSubscription/${agent.publicId}`, { ...viewer.as, body: { email: true } });
    await f.condition(as, agent.publicId, {
      name: 'Too hot',
      tag: { publicId: tag.publicId },
      kind: 'above',
      threshold: 80,
      severity: 'critical',
    });

    const events = f.recordEvents();
    await f.samples(agent, [sample(tag.id, 0, 90)]);
    await f.samples(agent, [sample(tag.id, 1, 95)]);
    events.stop();
    const changed = events.seen.filter((e) => e.event.type === 'AlarmChanged');
    expect(changed).toHaveLength(1);
    const data = changed[0]!.event.data as Alarm;
    expect(data).toMatchObject({
      state: 'active',
      value: 90,
      severity: 'critical',
      agent: { publicId: agent.publicId },
    });
    const ids = await Promise.all(
      [company.admin, acknowledger.user, viewer.user, blind.user].map((u) => f.idOf('users', u.publicId)),
    );
    expect(changed[0]!.userIds.sort()).toEqual([ids[0], ids[1], ids[2]].sort());

    const inbox = async (userId: number) =>
      f
        .db()
        .selectFrom('messages')
        .select(['subject', 'body'])
        .where('user_id', '=', userId)
        .where('subject', 'like', 'Alarm%')
        .execute();
    // The administrator and the acknowledger may act on it; the viewer may not; the blind member does not see the agent.
    expect(await inbox(ids[0]!)).toHaveLength(1);
    const [message] = await inbox(ids[1]!);
    expect(message!.subject).toBe('Alarm (critical): Too hot on Boiler house');
    expect(message!.body).toContain('Tag: Temperature');
    expect(message!.body).toContain('Value: 90 °C');
    expect(message!.body).toContain(`${t.server.config.publicUrl}/devices/${agent.publicId}`);
    expect(await inbox(ids[2]!)).toHaveLength(0);
    expect(await inbox(ids[3]!)).toHaveLength(0);

    const alarmMails = async (address: string) =>
      (await t.mailsTo(address)).filter((m) => m.includes('Too hot'));
    const mails = await alarmMails(acknowledger.user.emailAddress);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Too hot');
    expect(mails[0]).toContain(`/devices/${agent.publicId}`);
    expect(await alarmMails(viewer.user.emailAddress)).toHaveLength(1);
    // Not subscribed: no mail.
    expect(await alarmMails(company.admin.emailAddress)).toHaveLength(0);

    // With the alarming app's e-mail notifications off, the next occurrence mails nobody.
    const off = await t.call('PATCH', 'AppConfigUpdate', {
      ...as,
      body: { publicId: 'alarming', config: { emailNotifications: false } },
    });
    expect(off.status).toBe(200);
    await f.samples(agent, [sample(tag.id, 2, 10)]);
    await f.samples(agent, [sample(tag.id, 3, 99)]);
    expect(await inbox(ids[1]!)).toHaveLength(2);
    expect(await alarmMails(acknowledger.user.emailAddress)).toHaveLength(1);
  });
});
