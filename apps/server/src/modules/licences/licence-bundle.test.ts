import { describe, expect, it } from 'vitest';
import type { AgentBundleActivation, Licence } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { licenceFixtures } from './licence.test-support.ts';

const t = useTestServer();
const f = licenceFixtures(t);
const dayMs = 24 * 3600 * 1000;

type Error = { message: string; propertyName?: string; listIndex?: number };
const errorsOf = (response: { body: { data: unknown } }) => response.body.data as Error[];
const activate = (as: object, agent: string, bundle: string) =>
  t.call('POST', 'AgentLicenceBundleActivate', {
    ...as,
    body: { publicId: agent, bundle: { publicId: bundle } },
  });

async function bundles(as: object) {
  const response = await t.call('GET', 'LicenceBundleList', {
    ...as,
    query: { fields: '*,type(*),agents(*)' },
  });
  expect(response.status).toBe(200);
  return response.body.data as Licence[];
}

describe('licence bundles on agents', () => {
  it('activates both apps with one seat, refuses a second agent, and deactivates all or nothing', async () => {
    const { company, as } = await f.setup();
    const bundle = await f.licence(company.publicId, 'loggingAlarming', 1);
    const [a, b] = [await f.agent(as, 'A'), await f.agent(as, 'B')];

    const on = await activate(as, a, bundle);
    expect(on.status, JSON.stringify(on.body)).toBe(201);
    const data = on.body.data as AgentBundleActivation;
    expect(data.agent).toEqual({ publicId: a, name: 'A' });
    expect(data.bundle).toEqual({ publicId: bundle, name: 'Data logging and alarming bundle' });
    expect(data.activations.map((x) => [x.app, x.source])).toEqual([
      ['dataLogging', 'bundle'],
      ['alarming', 'bundle'],
    ]);
    const [listed] = await bundles(as);
    expect(listed).toMatchObject({
      publicId: bundle,
      seats: 1,
      seatsUsed: 1,
      seatsFree: 0,
      agents: [{ publicId: a }],
    });
    expect(await t.call('GET', 'LicenceList', as).then((r) => r.body.data)).toEqual([]);
    const agent = await t.call('GET', `Agent/${a}`, {
      ...as,
      query: { fields: 'logging(source,licence),alarming(source)' },
    });
    expect(agent.body.data).toEqual({
      publicId: a,
      logging: { source: 'bundle', licence: { publicId: bundle, name: 'Data logging and alarming bundle' } },
      alarming: { source: 'bundle' },
    });

    const full = await activate(as, b, bundle);
    expect(full.status).toBe(409);
    expect(errorsOf(full)).toEqual([{ message: 'No free seats on this licence', propertyName: 'bundle' }]);
    const twice = await activate(as, a, bundle);
    expect(twice.status).toBe(409);
    expect(errorsOf(twice)).toEqual([{ message: 'Data logging is already active on this agent' }]);

    // One unknown id in the list: nothing is deactivated.
    const other = await f.licence(company.publicId, 'loggingAlarming', 1);
    const mixed = await t.call('DELETE', `AgentLicenceBundles/${a}`, {
      ...as,
      body: [{ publicId: bundle }, { publicId: 'zzzzzzzzzzzz' }, { publicId: other }],
    });
    expect(mixed.status).toBe(400);
    expect(errorsOf(mixed)).toEqual([
      { message: 'Not found', propertyName: 'publicId', listIndex: 1 },
      { message: 'This bundle is not active on this agent', propertyName: 'publicId', listIndex: 2 },
    ]);
    expect((await bundles(as)).find((x) => x.publicId === bundle)).toMatchObject({ seatsUsed: 1 });

    const off = await t.call('DELETE', `AgentLicenceBundles/${a}`, { ...as, body: [{ publicId: bundle }] });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual([{ publicId: bundle }]);
    expect((await bundles(as)).find((x) => x.publicId === bundle)).toMatchObject({
      seatsUsed: 0,
      seatsFree: 1,
      agents: [],
    });
    expect((await activate(as, b, bundle)).status).toBe(201);
  });

  it('checks the body, the bundle and the agent', async () => {
    const { company, as } = await f.setup();
    const other = await f.setup();
    const agent = await f.agent(as);
    const plain = await f.licence(company.publicId, 'logging', 5);
    const expired = await f.licence(company.publicId, 'loggingAlarming', 5, -1);
    const foreign = await f.licence(other.company.publicId, 'loggingAlarming', 5);
    const foreignAgent = await f.agent(other.as);
    const bundle = await f.licence(company.publicId, 'loggingAlarming', 5);

    const notBundle = await activate(as, agent, plain);
    expect(notBundle.status).toBe(400);
    expect(errorsOf(notBundle)).toEqual([
      { message: 'This is not a licence bundle', propertyName: 'bundle' },
    ]);
    const old = await activate(as, agent, expired);
    expect(errorsOf(old)).toEqual([{ message: 'This licence has expired', propertyName: 'bundle' }]);
    const notOurs = await activate(as, agent, foreign);
    expect(notOurs.status).toBe(404);
    expect(errorsOf(notOurs)).toEqual([{ message: 'Not found', propertyName: 'bundle' }]);
    expect((await activate(as, foreignAgent, bundle)).status).toBe(404);
    const noBundle = await t.call('POST', 'AgentLicenceBundleActivate', { ...as, body: { publicId: agent } });
    expect(noBundle.status).toBe(400);
    expect(errorsOf(noBundle)).toEqual([{ message: 'Required property', propertyName: 'bundle' }]);

    // An app already active another way blocks the bundle (nothing half-activated).
    expect(
      (
        await t.call('POST', 'AgentAppAlarmingListActivate', {
          ...as,
          body: { publicId: agent, trial: true },
        })
      ).status,
    ).toBe(201);
    const busy = await activate(as, agent, bundle);
    expect(busy.status).toBe(409);
    expect(errorsOf(busy)).toEqual([{ message: 'Alarming is already active on this agent' }]);
    const agentState = await t.call('GET', `Agent/${agent}`, { ...as, query: { fields: 'logging(active)' } });
    expect(agentState.body.data).toEqual({ publicId: agent, logging: { active: false } });

    for (const body of [
      {},
      [],
      [{}],
      [{ publicId: bundle, x: 1 }],
      [{ publicId: bundle }, { publicId: bundle }],
    ]) {
      const response = await t.call('DELETE', `AgentLicenceBundles/${agent}`, { ...as, body });
      expect(response.status).toBe(400);
    }
    const dup = await t.call('DELETE', `AgentLicenceBundles/${agent}`, {
      ...as,
      body: [{ publicId: bundle }, { publicId: bundle }],
    });
    expect(errorsOf(dup)).toEqual([{ message: 'Duplicate', propertyName: 'publicId', listIndex: 1 }]);
    expect(
      (await t.call('DELETE', `AgentLicenceBundles/${foreignAgent}`, { ...as, body: [{ publicId: bundle }] }))
        .status,
    ).toBe(404);
  });

  it('needs every app of the bundle installed', async () => {
    const { company, as } = await f.setup(['dataLogging']);
    const bundle = await f.licence(company.publicId, 'loggingAlarming', 1);
    const response = await activate(as, await f.agent(as), bundle);
    expect(response.status).toBe(403);
    expect(errorsOf(response)).toEqual([{ message: 'The Alarming app is not installed in this company' }]);
  });
});

describe('LicenceBundleExtend', () => {
  it('extends by the coupon’s days from the later of now and validUntil, once per coupon', async () => {
    const { company, as, companyId } = await f.setup();
    const bundle = await f.licence(company.publicId, 'loggingAlarming', 1, 10);
    const [before] = await bundles(as);
    const code = await f.coupon('loggingAlarming', 30);
    const extended = await t.call('POST', `LicenceBundleExtend/${bundle}`, {
      ...as,
      body: { couponCode: code },
    });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    const after = extended.body.data as Licence;
    expect(Date.parse(after.validUntil) - Date.parse(before!.validUntil)).toBe(30 * dayMs);

    const reused = await t.call('POST', `LicenceBundleExtend/${bundle}`, {
      ...as,
      body: { couponCode: code },
    });
    expect(reused.status).toBe(400);
    expect(errorsOf(reused)).toEqual([
      { message: 'Unknown or already used coupon code', propertyName: 'couponCode' },
    ]);
    const wrongType = await t.call('POST', `LicenceBundleExtend/${bundle}`, {
      ...as,
      body: { couponCode: await f.coupon('logging', 30) },
    });
    expect(errorsOf(wrongType)).toEqual([
      { message: 'This coupon is not for this licence type', propertyName: 'couponCode' },
    ]);

    // An expired licence runs again from now.
    const expired = await f.licence(company.publicId, 'logging', 1, -5);
    const revived = await t.call('POST', `LicenceBundleExtend/${expired}`, {
      ...as,
      body: { couponCode: await f.coupon('logging', 20) },
    });
    expect(revived.status).toBe(200);
    const revivedData = revived.body.data as Licence;
    expect(revived.body.type).toBe('Licence');
    expect(revivedData.expired).toBe(false);
    expect(Math.abs(Date.parse(revivedData.validUntil) - (Date.now() + 20 * dayMs))).toBeLessThan(60_000);

    const audits = await f
      .db()
      .selectFrom('audit_logs')
      .select(['action', 'resource_rel'])
      .where('company_id', '=', companyId)
      .where('action', '=', 'UPDATE')
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      { action: 'UPDATE', resource_rel: 'LicenceBundle' },
      { action: 'UPDATE', resource_rel: 'Licence' },
    ]);
  });

  it('404 for another company’s or an unknown licence, 400 without a code', async () => {
    const { as } = await f.setup();
    const other = await f.setup();
    const foreign = await f.licence(other.company.publicId, 'loggingAlarming', 1);
    const code = await f.coupon('loggingAlarming', 30);
    expect(
      (await t.call('POST', `LicenceBundleExtend/${foreign}`, { ...as, body: { couponCode: code } })).status,
    ).toBe(404);
    expect(
      (await t.call('POST', 'LicenceBundleExtend/zzzzzzzzzzzz', { ...as, body: { couponCode: code } }))
        .status,
    ).toBe(404);
    const empty = await t.call('POST', `LicenceBundleExtend/${foreign}`, { ...as, body: {} });
    expect(empty.status).toBe(400);
    expect(errorsOf(empty)).toEqual([{ message: 'Required property', propertyName: 'couponCode' }]);
    // The coupon was not used by the refused calls.
    expect(
      (await t.call('POST', `LicenceBundleExtend/${foreign}`, { ...other.as, body: { couponCode: code } }))
        .status,
    ).toBe(200);
  });
});

describe('LicenceList and LicenceBundleList', () => {
  it('read with fields, filters and paging, each only its kind and only the company’s', async () => {
    const { company, as } = await f.setup();
    const other = await f.setup();
    const logging = await f.licence(company.publicId, 'logging', 2);
    const alarming = await f.licence(company.publicId, 'alarming', 3);
    const bundle = await f.licence(company.publicId, 'loggingAlarming', 1);
    await f.licence(other.company.publicId, 'logging', 9);

    const all = await t.call('GET', 'LicenceList', { ...as, query: { fields: 'seats,type(publicId)' } });
    expect(all.status).toBe(200);
    // Rows granted in the same millisecond are in publicId order: compare as sets.
    expect(all.body.data).toHaveLength(2);
    expect(all.body.data).toEqual(
      expect.arrayContaining([
        { publicId: logging, seats: 2, type: { publicId: 'logging' } },
        { publicId: alarming, seats: 3, type: { publicId: 'alarming' } },
      ]),
    );
    const filtered = await t.call('GET', 'LicenceList', {
      ...as,
      query: { fields: 'seatsFree', filters: 'eq(type.publicId,"alarming")' },
    });
    expect(filtered.body.data).toEqual([{ publicId: alarming, seatsFree: 3 }]);
    const page = await t.call('GET', 'LicenceList', { ...as, query: { fields: 'seats', 'page-size': '1' } });
    expect(page.body.data).toHaveLength(1);
    const next = await t.call('GET', 'LicenceList', {
      ...as,
      query: { fields: 'seats', 'page-size': '1', 'page-after': page.body.moreAfter! },
    });
    expect(next.body.moreAfter).toBeNull();
    expect([...(page.body.data as object[]), ...(next.body.data as object[])]).toEqual(
      expect.arrayContaining([
        { publicId: logging, seats: 2 },
        { publicId: alarming, seats: 3 },
      ]),
    );
    const bundles = await t.call('GET', 'LicenceBundleList', { ...as, query: { fields: 'seats' } });
    expect(bundles.body.data).toEqual([{ publicId: bundle, seats: 1 }]);
    expect((await t.call('GET', `LicenceBundle/${bundle}`, as)).status).toBe(200);
    expect((await t.call('GET', `LicenceBundle/${logging}`, as)).status).toBe(404);
    expect((await t.call('GET', `Licence/${logging}`, other.as)).status).toBe(404);
    expect((await t.call('GET', 'LicenceList', { ...as, query: { fields: 'colour' } })).status).toBe(400);
    const badFilter = await t.call('GET', 'LicenceList', { ...as, query: { filters: 'eq(colour,"x")' } });
    expect(badFilter.status).toBe(400);
    expect((await t.call('GET', 'LicenceList', { company: as.company })).status).toBe(401);
  });
});
