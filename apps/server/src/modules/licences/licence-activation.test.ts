import { describe, expect, it } from 'vitest';
import type { Agent, AgentAppActivation, Licence, LicenceType, LiveEvent } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { isAppActiveOnAgent } from './app-activation.ts';
import { licenceFixtures } from './licence.test-support.ts';

const t = useTestServer();
const f = licenceFixtures(t);
const anyId = expect.stringMatching(/^[0-9a-z]{12}$/);
const dayMs = 24 * 3600 * 1000;

const activateLogging = (as: object, body: unknown) =>
  t.call('POST', 'AgentAppLoggingListActivate', { ...as, body });
const activateAlarming = (as: object, body: unknown) =>
  t.call('POST', 'AgentAppAlarmingListActivate', { ...as, body });
const errorsOf = (response: { body: { data: unknown } }) =>
  response.body.data as { message: string; propertyName?: string; listIndex?: number }[];

async function licenceList(as: object, rel = 'LicenceList') {
  const response = await t.call('GET', rel, { ...as, query: { fields: '*,type(*),agents(*)' } });
  expect(response.status).toBe(200);
  return response.body.data as Licence[];
}

async function agentState(as: object, agent: string) {
  const response = await t.call('GET', `Agent/${agent}`, {
    ...as,
    query: { fields: 'logging(*),alarming(*)' },
  });
  expect(response.status).toBe(200);
  return response.body.data as Pick<Agent, 'publicId' | 'logging' | 'alarming'>;
}

async function agentIdOf(publicId: string) {
  return (
    await f.db().selectFrom('agents').select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow()
  ).id;
}

describe('LicenceTypeList', () => {
  it('answers the catalogue to any signed-in user, 401 without a token', async () => {
    const { company } = await f.setup();
    const response = await t.call('GET', 'LicenceTypeList', { token: company.admin.token });
    expect(response.status).toBe(200);
    expect(response.body.data as LicenceType[]).toEqual([
      { publicId: 'logging', name: 'Data logging', apps: ['dataLogging'], bundle: false },
      { publicId: 'alarming', name: 'Alarming', apps: ['alarming'], bundle: false },
      {
        publicId: 'loggingAlarming',
        name: 'Data logging and alarming bundle',
        apps: ['dataLogging', 'alarming'],
        bundle: true,
      },
    ]);
    const names = await t.call('GET', 'LicenceTypeList', {
      token: company.admin.token,
      query: { fields: 'name' },
    });
    expect(names.body.data).toEqual([
      { publicId: 'logging', name: 'Data logging' },
      { publicId: 'alarming', name: 'Alarming' },
      { publicId: 'loggingAlarming', name: 'Data logging and alarming bundle' },
    ]);
    expect((await t.call('GET', 'LicenceTypeList')).status).toBe(401);
    expect(
      (await t.call('GET', 'LicenceTypeList', { token: company.admin.token, query: { fields: 'x' } })).status,
    ).toBe(400);
  });
});

describe('logging with a licence of 2 seats (the issue check)', () => {
  it('activates on two agents with the licence and a third with a trial; a fourth with the licence is refused', async () => {
    const { company, as } = await f.setup();
    const licence = await f.licence(company.publicId, 'logging', 2);
    const [a, b, c, d] = [
      await f.agent(as, 'A'),
      await f.agent(as, 'B'),
      await f.agent(as, 'C'),
      await f.agent(as, 'D'),
    ];

    const first = await activateLogging(as, { publicId: a, licence: { publicId: licence } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toEqual({
      publicId: anyId,
      app: 'dataLogging',
      source: 'licence',
      startsOn: expect.any(String),
      endsOn: expect.any(String),
      licence: { publicId: licence, name: 'Data logging' },
      agent: { publicId: a, name: 'A' },
    });
    expect((await activateLogging(as, { publicId: b, licence: { publicId: licence } })).status).toBe(201);
    const trial = await activateLogging(as, { publicId: c, trial: true });
    expect(trial.status).toBe(201);
    const trialData = trial.body.data as AgentAppActivation;
    expect(trialData).toMatchObject({ source: 'trial', licence: null });
    expect(Date.parse(trialData.endsOn) - Date.parse(trialData.startsOn)).toBe(30 * dayMs);

    const refused = await activateLogging(as, { publicId: d, licence: { publicId: licence } });
    expect(refused.status).toBe(409);
    expect(errorsOf(refused)).toEqual([
      { message: 'No free seats on this licence', propertyName: 'licence' },
    ]);

    const [listed] = await licenceList(as);
    expect(listed).toMatchObject({
      publicId: licence,
      type: { publicId: 'logging', name: 'Data logging' },
      seats: 2,
      seatsUsed: 2,
      seatsFree: 0,
      expired: false,
      agents: [
        { publicId: a, name: 'A' },
        { publicId: b, name: 'B' },
      ],
    });
    expect(await licenceList(as, 'LicenceBundleList')).toEqual([]);

    expect(await agentState(as, a)).toEqual({
      publicId: a,
      logging: {
        active: true,
        source: 'licence',
        startsOn: expect.any(String),
        endsOn: listed!.validUntil,
        licence: { publicId: licence, name: 'Data logging' },
        trialAvailable: true,
      },
      alarming: {
        active: false,
        source: null,
        startsOn: null,
        endsOn: null,
        licence: null,
        trialAvailable: true,
      },
    });
    expect((await agentState(as, c)).logging).toMatchObject({
      active: true,
      source: 'trial',
      trialAvailable: false,
    });
    expect(await isAppActiveOnAgent(f.db(), await agentIdOf(c), 'dataLogging')).toBe(true);
    expect(await isAppActiveOnAgent(f.db(), await agentIdOf(c), 'alarming')).toBe(false);
    expect(await isAppActiveOnAgent(f.db(), await agentIdOf(d), 'dataLogging')).toBe(false);

    // The devices list shows the state too, as a field it can ask for.
    const devices = await t.call('GET', 'AgentList', {
      ...as,
      query: { fields: 'name,logging(active,source)' },
    });
    expect(devices.body.data).toEqual(
      expect.arrayContaining([{ publicId: d, name: 'D', logging: { active: false, source: null } }]),
    );

    // Deactivating frees the seat: now the fourth gets it.
    const off = await t.call('DELETE', `AgentAppLogging/${a}`, as);
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ app: 'dataLogging', source: 'licence', agent: { publicId: a } });
    expect((await activateLogging(as, { publicId: d, licence: { publicId: licence } })).status).toBe(201);
    expect((await t.call('DELETE', `AgentAppLogging/${a}`, as)).body.data).toEqual([
      { message: 'Data logging is not active on this agent' },
    ]);
    expect((await t.call('DELETE', `AgentAppLogging/${a}`, as)).status).toBe(404);
  });

  it('audits every change and announces it to the company', async () => {
    const { company, as, companyId } = await f.setup();
    const agent = await f.agent(as);
    const seen: LiveEvent[] = [];
    const stop = t.server.built.events.listen(({ audience, event }) => {
      if ('companyId' in audience && audience.companyId === companyId) seen.push(event);
    });
    try {
      const on = await activateAlarming(as, { publicId: agent, trial: true });
      expect(on.status).toBe(201);
      expect((await t.call('DELETE', `AgentAppAlarming/${agent}`, as)).status).toBe(200);
    } finally {
      stop();
    }
    expect(seen).toEqual([
      { type: 'LicencesChanged', data: { agent: { publicId: agent } } },
      { type: 'LicencesChanged', data: { agent: { publicId: agent } } },
    ]);
    const audits = await f
      .db()
      .selectFrom('audit_logs')
      .select(['action', 'resource_rel'])
      .where('company_id', '=', companyId)
      .where('resource_rel', '=', 'AgentAppAlarming')
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      { action: 'CREATE', resource_rel: 'AgentAppAlarming' },
      { action: 'DELETE', resource_rel: 'AgentAppAlarming' },
    ]);
    expect(company.publicId).toBe(as.company);
  });
});

describe('the activation payload rule (spec §5)', () => {
  it('needs exactly one of trial, licence or couponCode and names the property', async () => {
    const { company, as } = await f.setup();
    const agent = await f.agent(as);
    const licence = await f.licence(company.publicId, 'logging');
    const none = await activateLogging(as, { publicId: agent });
    expect(none.status).toBe(400);
    expect(errorsOf(none)).toEqual([
      { message: 'Give one of trial, licence or couponCode', propertyName: 'trial' },
    ]);

    const two = await activateLogging(as, { publicId: agent, trial: true, licence: { publicId: licence } });
    expect(two.status).toBe(400);
    expect(errorsOf(two)).toEqual([
      { message: 'Give only one of trial, licence or couponCode', propertyName: 'licence' },
    ]);
    const twoOtherOrder = await activateLogging(as, {
      publicId: agent,
      couponCode: 'FG-AAAA-BBBB-CCCC',
      trial: true,
    });
    expect(errorsOf(twoOtherOrder)).toEqual([
      { message: 'Give only one of trial, licence or couponCode', propertyName: 'trial' },
    ]);
    const three = await activateLogging(as, {
      publicId: agent,
      trial: true,
      couponCode: 'FG-AAAA-BBBB-CCCC',
      licence: { publicId: licence },
    });
    expect(three.status).toBe(400);
    expect(errorsOf(three)).toEqual([
      { message: 'Give only one of trial, licence or couponCode', propertyName: 'couponCode' },
    ]);

    const missingAgent = await activateLogging(as, { trial: true });
    expect(missingAgent.status).toBe(400);
    expect(errorsOf(missingAgent)).toEqual([{ message: 'Required property', propertyName: 'publicId' }]);
    const unknown = await activateLogging(as, { publicId: agent, trial: true, extra: 1 });
    expect(unknown.status).toBe(400);
    const falseTrial = await activateLogging(as, { publicId: agent, trial: false });
    expect(falseTrial.status).toBe(400);
    expect(errorsOf(falseTrial)[0]!.propertyName).toBe('trial');
    for (const body of [null, [], 'x', 42]) expect((await activateLogging(as, body)).status).toBe(400);
    // Nothing was activated by any refused call.
    expect((await agentState(as, agent)).logging.active).toBe(false);
  });
});

describe('trials, licences and coupons', () => {
  it('gives a trial once per agent and app, and refuses a second activation while active', async () => {
    const { as } = await f.setup();
    const agent = await f.agent(as);
    expect((await activateLogging(as, { publicId: agent, trial: true })).status).toBe(201);
    const twice = await activateLogging(as, { publicId: agent, trial: true });
    expect(twice.status).toBe(409);
    expect(errorsOf(twice)).toEqual([{ message: 'Data logging is already active on this agent' }]);
    expect((await t.call('DELETE', `AgentAppLogging/${agent}`, as)).status).toBe(200);
    const again = await activateLogging(as, { publicId: agent, trial: true });
    expect(again.status).toBe(409);
    expect(errorsOf(again)).toEqual([
      { message: 'The trial of Data logging was already used on this agent', propertyName: 'trial' },
    ]);
    // The alarming trial is its own.
    expect((await activateAlarming(as, { publicId: agent, trial: true })).status).toBe(201);
    expect((await agentState(as, agent)).logging).toMatchObject({ active: false, trialAvailable: false });
  });

  it('ends a trial after 30 days; the app can then be activated again another way', async () => {
    const { as } = await f.setup();
    const agent = await f.agent(as);
    expect((await activateLogging(as, { publicId: agent, trial: true })).status).toBe(201);
    await f
      .db()
      .updateTable('agent_app_activations')
      .set({ starts_on: new Date(Date.now() - 31 * dayMs), ends_on: new Date(Date.now() - dayMs) })
      .where('agent_id', '=', await agentIdOf(agent))
      .execute();
    expect((await agentState(as, agent)).logging).toMatchObject({ active: false, trialAvailable: false });
    const code = await f.coupon('logging', 10);
    const withCoupon = await activateLogging(as, { publicId: agent, couponCode: code });
    expect(withCoupon.status, JSON.stringify(withCoupon.body)).toBe(201);
  });

  it('ends a licence activation when the licence expires, and brings it back when the licence is extended', async () => {
    const { company, as } = await f.setup();
    const agent = await f.agent(as);
    const licence = await f.licence(company.publicId, 'logging', 1);
    expect((await activateLogging(as, { publicId: agent, licence: { publicId: licence } })).status).toBe(201);
    await f
      .db()
      .updateTable('licences')
      .set({ valid_from: new Date(Date.now() - 400 * dayMs), valid_until: new Date(Date.now() - dayMs) })
      .where('public_id', '=', licence)
      .execute();
    expect((await agentState(as, agent)).logging).toMatchObject({ active: false, source: null });
    expect(await isAppActiveOnAgent(f.db(), await agentIdOf(agent), 'dataLogging')).toBe(false);
    const extended = await t.call('POST', `LicenceBundleExtend/${licence}`, {
      ...as,
      body: { couponCode: await f.coupon('logging', 30) },
    });
    expect(extended.status).toBe(200);
    expect((await agentState(as, agent)).logging).toMatchObject({ active: true, source: 'licence' });
    expect(await isAppActiveOnAgent(f.db(), await agentIdOf(agent), 'dataLogging')).toBe(true);
  });

  it('refuses an expired licence, a licence of another type and another company’s licence', async () => {
    const { company, as } = await f.setup();
    const other = await f.setup();
    const agent = await f.agent(as);
    const expired = await f.licence(company.publicId, 'logging', 5, -1);
    const alarming = await f.licence(company.publicId, 'alarming', 5);
    const bundle = await f.licence(company.publicId, 'loggingAlarming', 5);
    const foreign = await f.licence(other.company.publicId, 'logging', 5);

    const old = await activateLogging(as, { publicId: agent, licence: { publicId: expired } });
    expect(old.status).toBe(400);
    expect(errorsOf(old)).toEqual([{ message: 'This licence has expired', propertyName: 'licence' }]);
    for (const wrong of [alarming, bundle]) {
      const response = await activateLogging(as, { publicId: agent, licence: { publicId: wrong } });
      expect(response.status).toBe(400);
      expect(errorsOf(response)).toEqual([
        { message: 'This licence is not for this app', propertyName: 'licence' },
      ]);
    }
    const notOurs = await activateLogging(as, { publicId: agent, licence: { publicId: foreign } });
    expect(notOurs.status).toBe(404);
    expect(errorsOf(notOurs)).toEqual([{ message: 'Not found', propertyName: 'licence' }]);
    const [listedExpired] = (await licenceList(as)).filter((l) => l.publicId === expired);
    expect(listedExpired).toMatchObject({ expired: true, seatsFree: 0 });
    expect((await licenceList(as)).map((l) => l.publicId)).not.toContain(foreign);
  });

  it('takes a coupon once; an unknown or used code and a code of another type are 400s on couponCode', async () => {
    const { as } = await f.setup();
    const [a, b] = [await f.agent(as), await f.agent(as)];
    const code = await f.coupon('logging', 90);
    expect(code).toMatch(/^FG-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);

    const wrongType = await activateAlarming(as, { publicId: a, couponCode: code });
    expect(wrongType.status).toBe(400);
    expect(errorsOf(wrongType)).toEqual([
      { message: 'This coupon is not for this licence type', propertyName: 'couponCode' },
    ]);
    // The refusal left the coupon unused; people may type it in lower case with spaces.
    const used = await activateLogging(as, { publicId: a, couponCode: ` ${code.toLowerCase()} ` });
    expect(used.status, JSON.stringify(used.body)).toBe(201);
    const data = used.body.data as AgentAppActivation;
    expect(data).toMatchObject({ source: 'coupon', licence: null });
    expect(Date.parse(data.endsOn) - Date.parse(data.startsOn)).toBe(90 * dayMs);

    const again = await activateLogging(as, { publicId: b, couponCode: code });
    expect(again.status).toBe(400);
    expect(errorsOf(again)).toEqual([
      { message: 'Unknown or already used coupon code', propertyName: 'couponCode' },
    ]);
    const unknown = await activateLogging(as, { publicId: b, couponCode: 'FG-2222-3333-4444' });
    expect(errorsOf(unknown)).toEqual([
      { message: 'Unknown or already used coupon code', propertyName: 'couponCode' },
    ]);
    // Only the hash of the code is stored.
    const stored = await f.db().selectFrom('coupons').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(code.slice(3));
  });

  it('lets exactly one of two concurrent redemptions of a coupon win', async () => {
    const { as } = await f.setup();
    const [a, b] = [await f.agent(as), await f.agent(as)];
    const code = await f.coupon('alarming', 30);
    const results = await Promise.all([
      activateAlarming(as, { publicId: a, couponCode: code }),
      activateAlarming(as, { publicId: b, couponCode: code }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    const redeemed = await f
      .db()
      .selectFrom('agent_app_activations')
      .select('id')
      .where('source', '=', 'coupon')
      .where('agent_id', 'in', [await agentIdOf(a), await agentIdOf(b)])
      .execute();
    expect(redeemed).toHaveLength(1);
  });

  it('gives the last free seat to exactly one of many concurrent activations', async () => {
    const { company, as } = await f.setup();
    const licence = await f.licence(company.publicId, 'alarming', 3);
    const agents = [];
    for (let i = 0; i < 8; i += 1) agents.push(await f.agent(as, `Race ${i}`));
    expect((await activateAlarming(as, { publicId: agents[0], licence: { publicId: licence } })).status).toBe(
      201,
    );
    expect((await activateAlarming(as, { publicId: agents[1], licence: { publicId: licence } })).status).toBe(
      201,
    );
    const racers = agents.slice(2);
    const results = await Promise.all(
      racers.map((agent) => activateAlarming(as, { publicId: agent, licence: { publicId: licence } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(racers.length - 1);
    const [listed] = await licenceList(as);
    expect(listed).toMatchObject({ seats: 3, seatsUsed: 3, seatsFree: 0 });
    expect(listed!.agents).toHaveLength(3);
  });

  it('lets one of concurrent activations of the same app on one agent win', async () => {
    const { company, as } = await f.setup();
    const agent = await f.agent(as);
    const licence = await f.licence(company.publicId, 'logging', 5);
    const results = await Promise.all([
      activateLogging(as, { publicId: agent, trial: true }),
      activateLogging(as, { publicId: agent, licence: { publicId: licence } }),
      activateLogging(as, { publicId: agent, trial: true }),
    ]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
  });
});

describe('who may activate', () => {
  it('401 without a token, 403 without licences.manage, 403 naming an app that is not installed, 404 for another company’s agent', async () => {
    const { company, as } = await f.setup(['dataLogging']);
    const other = await f.setup();
    const agent = await f.agent(as);
    const foreignAgent = await f.agent(other.as);
    const plain = await f.member(company, ['agents.manage']);

    expect((await activateLogging({}, { publicId: agent, trial: true })).status).toBe(401);
    expect((await t.call('DELETE', `AgentAppLogging/${agent}`)).status).toBe(401);
    for (const call of [
      activateLogging(plain, { publicId: agent, trial: true }),
      t.call('DELETE', `AgentAppLogging/${agent}`, plain),
      t.call('GET', 'LicenceList', plain),
      t.call('GET', 'LicenceBundleList', plain),
      t.call('POST', 'AgentLicenceBundleActivate', {
        ...plain,
        body: { publicId: agent, bundle: { publicId: agent } },
      }),
      t.call('DELETE', `AgentLicenceBundles/${agent}`, { ...plain, body: [{ publicId: agent }] }),
      t.call('POST', `LicenceBundleExtend/${agent}`, { ...plain, body: { couponCode: 'x' } }),
    ]) {
      const response = await call;
      expect(response.status).toBe(403);
      expect(errorsOf(response)).toEqual([{ message: 'Missing capability' }]);
    }
    // The plain member still sees the agent's state.
    expect((await agentState(plain, agent)).logging.active).toBe(false);

    const notInstalled = await activateAlarming(as, { publicId: agent, trial: true });
    expect(notInstalled.status).toBe(403);
    expect(errorsOf(notInstalled)).toEqual([
      { message: 'The Alarming app is not installed in this company' },
    ]);
    expect((await t.call('DELETE', `AgentAppAlarming/${agent}`, as)).status).toBe(403);

    const foreign = await activateLogging(as, { publicId: foreignAgent, trial: true });
    expect(foreign.status).toBe(404);
    expect(errorsOf(foreign)).toEqual([{ message: 'Not found', propertyName: 'publicId' }]);
    expect((await activateLogging(other.as, { publicId: foreignAgent, trial: true })).status).toBe(201);
    expect((await t.call('DELETE', `AgentAppLogging/${foreignAgent}`, as)).status).toBe(404);
    expect((await agentState(other.as, foreignAgent)).logging.active).toBe(true);
    expect(
      (await activateLogging({ token: company.admin.token }, { publicId: agent, trial: true })).status,
    ).toBe(400);
  });
});
