import { describe, expect, it } from 'vitest';
import { generatedColors, type Group } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { seedDemoGroupsAndAssets } from './group.demo.ts';

const t = useTestServer();
const anyId = expect.stringMatching(/^[0-9a-z]{12}$/);

type As = { token: string; company: string };

async function setup() {
  const company = await t.newCompany();
  const as = { token: company.admin.token, company: company.publicId };
  const type = async (name: string) => {
    const response = await t.call('POST', 'GroupTypeList', { ...as, body: { name, color: '#123456' } });
    return (response.body.data as { publicId: string }).publicId;
  };
  const site = await type('Site');
  const line = await type('Line');
  return { company, as, site, line };
}

async function createGroup(as: As, body: object) {
  const response = await t.call('POST', 'GroupList', { ...as, body });
  expect(response.status).toBe(201);
  return response.body.data as Group;
}

describe('GroupList and Group', () => {
  it('needs a token (401); members read, the groups right writes (403)', async () => {
    const { company, as, site } = await setup();
    const group = await createGroup(as, { name: 'Rotterdam', groupType: { publicId: site } });
    expect((await t.call('GET', 'GroupList', { company: company.publicId })).status).toBe(401);
    expect((await t.call('DELETE', `Group/${group.publicId}`, { company: company.publicId })).status).toBe(
      401,
    );

    const member = await t.newMember(company, ['groupTypes.manage', 'subgroups.manage']);
    const memberAs = { token: member.token, company: company.publicId };
    expect((await t.call('GET', 'GroupList', memberAs)).status).toBe(200);
    expect((await t.call('GET', `Group/${group.publicId}`, memberAs)).status).toBe(200);
    const refused = [
      await t.call('POST', 'GroupList', { ...memberAs, body: { name: 'x', groupType: { publicId: site } } }),
      await t.call('PATCH', `Group/${group.publicId}`, { ...memberAs, body: { name: 'x' } }),
      await t.call('PATCH', 'GroupList', { ...memberAs, body: [{ publicId: group.publicId, name: 'x' }] }),
      await t.call('DELETE', `Group/${group.publicId}`, memberAs),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403]);
  });

  it('creates a group with its type and a generated colour when none is given', async () => {
    const { as, site } = await setup();
    const response = await t.call('POST', 'GroupList', {
      ...as,
      body: { name: ' Rotterdam ', groupType: { publicId: site } },
    });
    expect(response.status).toBe(201);
    const group = response.body.data as Group;
    expect(group).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      name: 'Rotterdam',
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      groupType: { publicId: site, name: 'Site' },
      parent: null,
    });
    expect(generatedColors).toContain(group.color);
    const colored = await createGroup(as, {
      name: 'Eindhoven',
      groupType: { publicId: site },
      color: '#ABCDEF',
    });
    expect(colored.color).toBe('#abcdef');
    const read = await t.call('GET', `Group/${group.publicId}`, {
      ...as,
      query: { fields: 'name,color,groupType.name' },
    });
    expect(read.body.data).toEqual({
      publicId: group.publicId,
      name: 'Rotterdam',
      color: group.color,
      groupType: { publicId: site, name: 'Site' },
    });
  });

  it.each([
    [{ groupType: { publicId: 'SITE' } }, 'name', 'Required property'],
    [{ name: '', groupType: { publicId: 'SITE' } }, 'name', 'Required property'],
    [{ name: 'x'.repeat(256), groupType: { publicId: 'SITE' } }, 'name', 'Too long: at most 255 characters'],
    [{ name: 'A' }, 'groupType', 'Required property'],
    [{ name: 'A', groupType: {} }, 'groupType.publicId', 'Required property'],
    [
      { name: 'A', groupType: { publicId: 'not an id' } },
      'groupType.publicId',
      'Value does not match regex expression',
    ],
    [
      { name: 'A', groupType: { publicId: 'SITE' }, color: 'blue' },
      'color',
      'Value does not match regex expression',
    ],
    [{ name: 'A', groupType: { publicId: 'SITE' }, parent: 'x' }, 'parent', 'Invalid type: expected object'],
  ])('refuses %j with 400', async (body, propertyName, message) => {
    const { as, site } = await setup();
    const withId = JSON.parse(JSON.stringify(body).replaceAll('"SITE"', `"${site}"`)) as unknown;
    const response = await t.call('POST', 'GroupList', { ...as, body: withId });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([{ message, propertyName }]);
  });

  it('filters by group type and pages', async () => {
    const { as, site, line } = await setup();
    await createGroup(as, { name: 'Rotterdam', groupType: { publicId: site } });
    await createGroup(as, { name: 'Line 1', groupType: { publicId: line } });
    await createGroup(as, { name: 'Eindhoven', groupType: { publicId: site } });
    const sites = await t.call('GET', 'GroupList', {
      ...as,
      query: { filters: `eq(groupType.publicId,"${site}")`, fields: 'name' },
    });
    expect(sites.body.data).toEqual([
      { publicId: anyId, name: 'Rotterdam' },
      { publicId: anyId, name: 'Eindhoven' },
    ]);
    const page = await t.call('GET', 'GroupList', { ...as, query: { 'page-size': '1', fields: 'name' } });
    expect(page.body.data).toEqual([{ publicId: anyId, name: 'Rotterdam' }]);
    expect(page.body.moreAfter).toEqual(expect.any(String));
    const bad = await t.call('GET', 'GroupList', { ...as, query: { filters: 'eq(groupType,"x")' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([
      { message: 'Invalid filters: unknown field "groupType"', propertyName: 'filters' },
    ]);
  });

  it('renames, recolours and changes the type of a group', async () => {
    const { as, site, line } = await setup();
    const group = await createGroup(as, { name: 'Rotterdam', groupType: { publicId: site } });
    const patched = await t.call('PATCH', `Group/${group.publicId}`, {
      ...as,
      body: { name: 'Rotterdam Port', color: '#FF0000', groupType: { publicId: line } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toEqual({
      ...group,
      name: 'Rotterdam Port',
      color: '#ff0000',
      groupType: { publicId: line, name: 'Line' },
    });
    const empty = await t.call('PATCH', `Group/${group.publicId}`, { ...as, body: {} });
    expect(empty.body.data).toMatchObject({ name: 'Rotterdam Port' });
  });

  it("treats another company's groups and types as not found (404)", async () => {
    const mine = await setup();
    const theirs = await setup();
    const their = await createGroup(theirs.as, { name: 'Theirs', groupType: { publicId: theirs.site } });
    const my = await createGroup(mine.as, { name: 'Mine', groupType: { publicId: mine.site } });
    expect((await t.call('GET', `Group/${their.publicId}`, mine.as)).status).toBe(404);
    expect(
      (await t.call('PATCH', `Group/${their.publicId}`, { ...mine.as, body: { name: 'x' } })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `Group/${their.publicId}`, mine.as)).status).toBe(404);
    const withTheirType = await t.call('PATCH', `Group/${my.publicId}`, {
      ...mine.as,
      body: { groupType: { publicId: theirs.site } },
    });
    expect(withTheirType.status).toBe(404);
    expect(withTheirType.body.data).toEqual([{ message: 'Not found', propertyName: 'groupType.publicId' }]);
    const underTheirs = await t.call('POST', 'GroupList', {
      ...mine.as,
      body: { name: 'Sub', groupType: { publicId: mine.line }, parent: { publicId: their.publicId } },
    });
    expect(underTheirs.status).toBe(404);
    expect(underTheirs.body.data).toEqual([{ message: 'Not found', propertyName: 'parent.publicId' }]);
    const listed = await t.call('GET', 'GroupList', { ...mine.as, query: { fields: 'name' } });
    expect(listed.body.data).toEqual([{ publicId: anyId, name: 'Mine' }]);
  });

  it('deletes groups, one or many', async () => {
    const { as, site } = await setup();
    const a = await createGroup(as, { name: 'A', groupType: { publicId: site } });
    const b = await createGroup(as, { name: 'B', groupType: { publicId: site } });
    const c = await createGroup(as, { name: 'C', groupType: { publicId: site } });
    expect((await t.call('DELETE', `Group/${a.publicId}`, as)).body.data).toEqual({ publicId: a.publicId });
    const bulk = await t.call('DELETE', 'GroupList', {
      ...as,
      body: [{ publicId: b.publicId }, { publicId: c.publicId }],
    });
    expect(bulk.status).toBe(200);
    expect((await t.call('GET', 'GroupList', as)).body.data).toEqual([]);
  });
});

describe('Subgroups', () => {
  it('places groups under a parent only with the subgroups right', async () => {
    const { company, as, site, line } = await setup();
    const plant = await createGroup(as, { name: 'Plant', groupType: { publicId: site } });
    const groupsOnly = await t.newMember(company, ['groups.manage']);
    const groupsAs = { token: groupsOnly.token, company: company.publicId };
    const refused = await t.call('POST', 'GroupList', {
      ...groupsAs,
      body: { name: 'Line 1', groupType: { publicId: line }, parent: { publicId: plant.publicId } },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual([{ message: 'Missing capability', propertyName: 'parent' }]);
    // Without a parent (or with an explicit null) the groups right is enough.
    const top = await t.call('POST', 'GroupList', {
      ...groupsAs,
      body: { name: 'Line 1', groupType: { publicId: line }, parent: null },
    });
    expect(top.status).toBe(201);
    const lineGroup = top.body.data as Group;
    const move = await t.call('PATCH', `Group/${lineGroup.publicId}`, {
      ...groupsAs,
      body: { parent: { publicId: plant.publicId } },
    });
    expect(move.status).toBe(403);

    const manager = await t.newMember(company, ['groups.manage', 'subgroups.manage']);
    const managerAs = { token: manager.token, company: company.publicId };
    const moved = await t.call('PATCH', `Group/${lineGroup.publicId}`, {
      ...managerAs,
      body: { parent: { publicId: plant.publicId } },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ parent: { publicId: plant.publicId, name: 'Plant' } });
    // Sending the parent it already has is no change; renaming a subgroup needs only the groups right.
    const rename = await t.call('PATCH', `Group/${lineGroup.publicId}`, {
      ...groupsAs,
      body: { name: 'Line one', parent: { publicId: plant.publicId } },
    });
    expect(rename.status).toBe(200);
    const children = await t.call('GET', 'GroupList', {
      ...as,
      query: { filters: `eq(parent.publicId,"${plant.publicId}")`, fields: 'name,parent.name' },
    });
    expect(children.body.data).toEqual([
      { publicId: lineGroup.publicId, name: 'Line one', parent: { publicId: plant.publicId, name: 'Plant' } },
    ]);
    const topLevel = await t.call('GET', 'GroupList', {
      ...as,
      query: { filters: 'isnull(parent.publicId)', fields: 'name' },
    });
    expect(topLevel.body.data).toEqual([{ publicId: plant.publicId, name: 'Plant' }]);
    const detach = await t.call('PATCH', `Group/${lineGroup.publicId}`, {
      ...managerAs,
      body: { parent: null },
    });
    expect(detach.body.data).toMatchObject({ parent: null });
  });

  it('refuses cycles (409 GROUP_PARENT_CYCLE)', async () => {
    const { as, site } = await setup();
    const a = await createGroup(as, { name: 'A', groupType: { publicId: site } });
    const b = await createGroup(as, {
      name: 'B',
      groupType: { publicId: site },
      parent: { publicId: a.publicId },
    });
    const c = await createGroup(as, {
      name: 'C',
      groupType: { publicId: site },
      parent: { publicId: b.publicId },
    });
    for (const [group, parent] of [
      [a, a],
      [a, c],
      [a, b],
      [b, c],
    ] as const) {
      const response = await t.call('PATCH', `Group/${group.publicId}`, {
        ...as,
        body: { parent: { publicId: parent.publicId } },
      });
      expect(response.status).toBe(409);
      expect(response.body.data).toEqual([
        { message: 'GROUP_PARENT_CYCLE', propertyName: 'parent.publicId' },
      ]);
    }
    // Moving C up under A is fine.
    const fine = await t.call('PATCH', `Group/${c.publicId}`, {
      ...as,
      body: { parent: { publicId: a.publicId } },
    });
    expect(fine.status).toBe(200);
  });

  it('keeps a group with subgroups (409 GROUP_HAS_SUBGROUPS)', async () => {
    const { as, site } = await setup();
    const a = await createGroup(as, { name: 'A', groupType: { publicId: site } });
    const b = await createGroup(as, {
      name: 'B',
      groupType: { publicId: site },
      parent: { publicId: a.publicId },
    });
    const refused = await t.call('DELETE', `Group/${a.publicId}`, as);
    expect(refused.status).toBe(409);
    expect(refused.body.data).toEqual([{ message: 'GROUP_HAS_SUBGROUPS' }]);
    // Children first, in one batch, works.
    const bulk = await t.call('DELETE', 'GroupList', {
      ...as,
      body: [{ publicId: b.publicId }, { publicId: a.publicId }],
    });
    expect(bulk.status).toBe(200);
  });
});

describe('seedDemoGroupsAndAssets', () => {
  it('gives a company two group types, groups with subgroups, two asset types and assets', async () => {
    const { publicId, admin } = await t.newCompany();
    const as = { token: admin.token, company: publicId };
    const row = await t.server.db
      .selectFrom('companies')
      .select('id')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    await seedDemoGroupsAndAssets(t.server.db, row.id);
    // Rows written in the same millisecond list in any order; the order field is what counts.
    const byOrder = (data: unknown) => [...(data as { order: number }[])].sort((a, b) => a.order - b.order);
    const types = await t.call('GET', 'GroupTypeList', { ...as, query: { fields: 'name,order' } });
    expect(byOrder(types.body.data)).toEqual([
      { publicId: anyId, name: 'Site', order: 0 },
      { publicId: anyId, name: 'Line', order: 1000 },
    ]);
    const groups = (await t.call('GET', 'GroupList', as)).body.data as Group[];
    expect(groups.length).toBeGreaterThanOrEqual(3);
    expect(groups.some((g) => g.parent !== null)).toBe(true);
    const assetTypes = await t.call('GET', 'AssetTypeList', { ...as, query: { fields: 'name,order' } });
    expect(byOrder(assetTypes.body.data)).toEqual([
      { publicId: anyId, name: 'PLC', order: 0 },
      { publicId: anyId, name: 'HMI', order: 1000 },
    ]);
    expect(((await t.call('GET', 'AssetList', as)).body.data as unknown[]).length).toBeGreaterThanOrEqual(2);
    // The seeded data follows the same rules as any other.
    const next = await t.call('POST', 'AssetTypeList', { ...as, body: { name: 'Drive' } });
    expect(next.body.data).toMatchObject({ order: 2000 });
    expect(
      (await t.call('POST', 'GroupTypeList', { ...as, body: { name: 'site', color: '#000000' } })).status,
    ).toBe(409);
  });
});
