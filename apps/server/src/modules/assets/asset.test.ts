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
      { name: 'Filler HMI', assetType: { name: 'HMI' } },
      { name: 'Panel', assetType: { name: 'HMI' } },
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
