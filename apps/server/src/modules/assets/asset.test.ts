import { describe, expect, it } from 'vitest';
import type { Asset } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

async function setup() {
  const company = await t.newCompany();
  const as = { token: company.admin.token, company: company.publicId };
  const type = async (name: string) =>
    ((await t.call('POST', 'AssetTypeList', { ...as, body: { name } })).body.data as { publicId: string })
      .publicId;
  return { company, as, plc: await type('PLC'), hmi: await type('HMI') };
}

describe('AssetList and Asset', () => {
  it('needs a token (401); members read, the asset-types right writes (403)', async () => {
    const { company, as, plc } = await setup();
    const created = await t.call('POST', 'AssetList', {
      ...as,
      body: { name: 'Filler', assetType: { publicId: plc } },
    });
    const asset = created.body.data as Asset;
    expect((await t.call('GET', 'AssetList', { company: company.publicId })).status).toBe(401);
    const member = await t.newMember(company, ['groups.manage', 'groupTypes.manage']);
    const memberAs = { token: member.token, company: company.publicId };
    expect((await t.call('GET', `Asset/${asset.publicId}`, memberAs)).status).toBe(200);
    const refused = [
      await t.call('POST', 'AssetList', { ...memberAs, body: { name: 'x', assetType: { publicId: plc } } }),
      await t.call('PATCH', `Asset/${asset.publicId}`, { ...memberAs, body: { name: 'x' } }),
      await t.call('DELETE', `Asset/${asset.publicId}`, memberAs),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403]);
  });

  it('creates, reads, changes and deletes assets', async () => {
    const { as, plc, hmi } = await setup();
    const created = await t.call('POST', 'AssetList', {
      ...as,
      body: [
        { name: ' Filler PLC ', assetType: { publicId: plc } },
        { name: 'Panel', assetType: { publicId: hmi } },
      ],
    });
    expect(created.status).toBe(201);
    const [filler, panel] = created.body.data as Asset[];
    expect(filler).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      name: 'Filler PLC',
      assetType: { publicId: plc, name: 'PLC' },
      agent: null,
    });
    const patched = await t.call('PATCH', `Asset/${filler!.publicId}`, {
      ...as,
      body: { name: 'Filler HMI', assetType: { publicId: hmi } },
    });
    expect(patched.body.data).toEqual({
      ...filler,
      name: 'Filler HMI',
      assetType: { publicId: hmi, name: 'HMI' },
    });
    const byType = await t.call('GET', 'AssetList', {
      ...as,
      query: { filters: `eq(assetType.publicId,"${hmi}")`, fields: 'name,assetType.name' },
    });
    expect(byType.body.data).toEqual([
      { publicId: filler!.publicId, name: 'Filler HMI', assetType: { publicId: hmi, name: 'HMI' } },
      { publicId: panel!.publicId, name: 'Panel', assetType: { publicId: hmi, name: 'HMI' } },
    ]);
    // Asset lists by a list of publicIds, as access requests load them.
    const byIds = await t.call('GET', 'AssetList', {
      ...as,
      query: { filters: `in(publicId,"${filler!.publicId}","${panel!.publicId}")`, fields: 'publicId' },
    });
    expect(byIds.body.data).toHaveLength(2);
    expect((await t.call('DELETE', `Asset/${panel!.publicId}`, as)).status).toBe(200);
    expect((await t.call('GET', `Asset/${panel!.publicId}`, as)).status).toBe(404);
  });

  it.each([
    [{ assetType: { publicId: 'PLC' } }, 'name', 'Required property'],
    [{ name: ' ', assetType: { publicId: 'PLC' } }, 'name', 'Required property'],
    [{ name: 'x'.repeat(256), assetType: { publicId: 'PLC' } }, 'name', 'Too long: at most 255 characters'],
    [{ name: 'A' }, 'assetType', 'Required property'],
    [{ name: 'A', assetType: { publicId: 'PLC', name: 'x' } }, 'assetType', 'Unknown property: name'],
  ])('refuses %j with 400', async (body, propertyName, message) => {
    const { as, plc } = await setup();
    const withId = JSON.parse(JSON.stringify(body).replaceAll('"PLC"', `"${plc}"`)) as unknown;
    const response = await t.call('POST', 'AssetList', { ...as, body: withId });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([{ message, propertyName }]);
  });

  it("treats another company's assets and asset types as not found (404)", async () => {
    const mine = await setup();
    const theirs = await setup();
    const their = (
      await t.call('POST', 'AssetList', {
        ...theirs.as,
        body: { name: 'Theirs', assetType: { publicId: theirs.plc } },
      })
    ).body.data as Asset;
    const mineCreated = (
      await t.call('POST', 'AssetList', {
        ...mine.as,
        body: { name: 'Mine', assetType: { publicId: mine.plc } },
      })
    ).body.data as Asset;
    expect((await t.call('GET', `Asset/${their.publicId}`, mine.as)).status).toBe(404);
    expect(
      (await t.call('PATCH', `Asset/${their.publicId}`, { ...mine.as, body: { name: 'x' } })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `Asset/${their.publicId}`, mine.as)).status).toBe(404);
    const retype = await t.call('PATCH', `Asset/${mineCreated.publicId}`, {
      ...mine.as,
      body: { assetType: { publicId: theirs.plc } },
    });
    expect(retype.status).toBe(404);
    expect(retype.body.data).toEqual([{ message: 'Not found', propertyName: 'assetType.publicId' }]);
  });
});

describe('Asset linked to an agent', () => {
  const agentOf = async (as: { token: string; company: string }, name: string) =>
    (await t.call('POST', 'AgentList', { ...as, body: { name } })).body.data as { publicId: string };

  it('links, shows, filters by and unlinks the agent; the agent lists its assets', async () => {
    const { as, plc } = await setup();
    const gateway = await agentOf(as, 'Gateway');
    const created = await t.call('POST', 'AssetList', {
      ...as,
      body: { name: 'Filler', assetType: { publicId: plc }, agent: { publicId: gateway.publicId } },
    });
    expect(created.status).toBe(201);
    const asset = created.body.data as Asset;
    expect(asset.agent).toEqual({ publicId: gateway.publicId, name: 'Gateway' });
    await t.call('POST', 'AssetList', { ...as, body: { name: 'Loose', assetType: { publicId: plc } } });

    const linked = await t.call('GET', 'AssetList', {
      ...as,
      query: { filters: `eq(agent.publicId,"${gateway.publicId}")`, fields: 'name,agent.name' },
    });
    expect(linked.body.data).toEqual([
      { publicId: asset.publicId, name: 'Filler', agent: { publicId: gateway.publicId, name: 'Gateway' } },
    ]);
    const agent = await t.call('GET', `Agent/${gateway.publicId}`, { ...as, query: { fields: 'assets' } });
    expect(agent.body.data).toEqual({
      publicId: gateway.publicId,
      assets: [{ publicId: asset.publicId, name: 'Filler' }],
    });

    const other = await agentOf(as, 'Other gateway');
    const moved = await t.call('PATCH', `Asset/${asset.publicId}`, {
      ...as,
      body: { agent: { publicId: other.publicId } },
    });
    expect((moved.body.data as Asset).agent).toEqual({ publicId: other.publicId, name: 'Other gateway' });
    const renamed = await t.call('PATCH', `Asset/${asset.publicId}`, { ...as, body: { name: 'Filler 2' } });
    expect((renamed.body.data as Asset).agent).toEqual({ publicId: other.publicId, name: 'Other gateway' });
    const unlinked = await t.call('PATCH', `Asset/${asset.publicId}`, { ...as, body: { agent: null } });
    expect((unlinked.body.data as Asset).agent).toBeNull();
  });

  it('unlinks assets when their agent is deleted', async () => {
    const { as, plc } = await setup();
    const gateway = await agentOf(as, 'Gateway');
    const asset = (
      await t.call('POST', 'AssetList', {
        ...as,
        body: { name: 'Filler', assetType: { publicId: plc }, agent: { publicId: gateway.publicId } },
      })
    ).body.data as Asset;
    expect((await t.call('DELETE', `Agent/${gateway.publicId}`, as)).status).toBe(200);
    expect(((await t.call('GET', `Asset/${asset.publicId}`, as)).body.data as Asset).agent).toBeNull();
  });

  it("refuses another company's or an unknown agent (404) and a malformed one (400)", async () => {
    const mine = await setup();
    const theirs = await setup();
    const theirAgent = await agentOf(theirs.as, 'Theirs');
    const create = await t.call('POST', 'AssetList', {
      ...mine.as,
      body: { name: 'A', assetType: { publicId: mine.plc }, agent: { publicId: theirAgent.publicId } },
    });
    expect(create.status).toBe(404);
    expect(create.body.data).toEqual([{ message: 'Not found', propertyName: 'agent.publicId' }]);
    const asset = (
      await t.call('POST', 'AssetList', {
        ...mine.as,
        body: { name: 'A', assetType: { publicId: mine.plc } },
      })
    ).body.data as Asset;
    const patch = await t.call('PATCH', `Asset/${asset.publicId}`, {
      ...mine.as,
      body: { agent: { publicId: 'zzzzzzzzzzzz' } },
    });
    expect(patch.status).toBe(404);
    expect(patch.body.data).toEqual([{ message: 'Not found', propertyName: 'agent.publicId' }]);
    const malformed = await t.call('PATCH', `Asset/${asset.publicId}`, {
      ...mine.as,
      body: { agent: { publicId: 'NOT-AN-ID' } },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data).toEqual([
      { message: 'Value does not match regex expression', propertyName: 'agent.publicId' },
    ]);
  });
});
