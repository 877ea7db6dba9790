import { describe, expect, it } from 'vitest';
import { generatedColors } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

type GroupType = { publicId: string; name: string; color: string; order: number };

// Names, order, uniqueness, in-use and last-one rules are tested for both kinds in ordered-types.
describe('GroupType colours', () => {
  async function setup() {
    const company = await t.newCompany();
    const admin = { token: company.admin.token, company: company.publicId };
    const typesOnly = await t.newMember(company, ['groupTypes.manage']);
    const withoutColor = { token: typesOnly.token, company: company.publicId };
    return { company, admin, withoutColor };
  }

  it('needs a colour from users who manage subgroups, and stores it in lower case', async () => {
    const { admin } = await setup();
    const missing = await t.call('POST', 'GroupTypeList', { ...admin, body: { name: 'Site' } });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([{ message: 'Required property', propertyName: 'color' }]);
    const created = await t.call('POST', 'GroupTypeList', {
      ...admin,
      body: { name: 'Site', color: '#A1B2C3' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Site', color: '#a1b2c3', order: 0 });
    const listed = await t.call('GET', 'GroupTypeList', { ...admin, query: { fields: 'color,name,order' } });
    expect(listed.body.data).toEqual([
      { publicId: (created.body.data as GroupType).publicId, color: '#a1b2c3', name: 'Site', order: 0 },
    ]);
  });

  it.each(['red', '#abc', '#12345g', '#1234567', '', 12])('refuses the colour %j', async (color) => {
    const { admin } = await setup();
    const response = await t.call('POST', 'GroupTypeList', { ...admin, body: { name: 'Site', color } });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([expect.objectContaining({ propertyName: 'color' })]);
  });

  it('generates a colour for users without the subgroups right, who may not set one', async () => {
    const { admin, withoutColor } = await setup();
    const refused = await t.call('POST', 'GroupTypeList', {
      ...withoutColor,
      body: { name: 'Site', color: '#123456' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual([{ message: 'Missing capability', propertyName: 'color' }]);

    const created = await t.call('POST', 'GroupTypeList', { ...withoutColor, body: { name: 'Site' } });
    expect(created.status).toBe(201);
    const type = created.body.data as GroupType;
    expect(generatedColors).toContain(type.color);
    // The generated colour is the type's own: reading it again gives the same one.
    const again = await t.call('GET', `GroupType/${type.publicId}`, { ...admin, query: { fields: 'color' } });
    expect(again.body.data).toEqual({ publicId: type.publicId, color: type.color });

    const recolor = await t.call('PATCH', `GroupType/${type.publicId}`, {
      ...withoutColor,
      body: { color: '#000000' },
    });
    expect(recolor.status).toBe(403);
    const reorderWithColor = await t.call('PATCH', 'GroupTypeList', {
      ...withoutColor,
      body: [{ publicId: type.publicId, order: 10, color: '#000000' }],
    });
    expect(reorderWithColor.status).toBe(403);
    expect(reorderWithColor.body.data).toEqual([
      { message: 'Missing capability', propertyName: 'color', listIndex: 0 },
    ]);
    // Renaming and reordering need only the group-types right.
    const rename = await t.call('PATCH', `GroupType/${type.publicId}`, {
      ...withoutColor,
      body: { name: 'Plant' },
    });
    expect(rename.body.data).toMatchObject({ name: 'Plant', color: type.color });
    const reorder = await t.call('PATCH', 'GroupTypeList', {
      ...withoutColor,
      body: [{ publicId: type.publicId, order: 3000 }],
    });
    expect(reorder.status).toBe(200);
    expect(reorder.body.data).toEqual([
      { publicId: type.publicId, name: 'Plant', color: type.color, order: 3000 },
    ]);

    const recolored = await t.call('PATCH', `GroupType/${type.publicId}`, {
      ...admin,
      body: { color: '#00FF00' },
    });
    expect(recolored.body.data).toMatchObject({ color: '#00ff00' });
  });

  it('needs the group-types right even with the subgroups right', async () => {
    const { company } = await setup();
    const member = await t.newMember(company, ['subgroups.manage', 'groups.manage']);
    const response = await t.call('POST', 'GroupTypeList', {
      token: member.token,
      company: company.publicId,
      body: { name: 'Site', color: '#123456' },
    });
    expect(response.status).toBe(403);
  });

  it('audits every change', async () => {
    const { admin } = await setup();
    const created = await t.call('POST', 'GroupTypeList', {
      ...admin,
      body: { name: 'Site', color: '#123456' },
    });
    const id = (created.body.data as GroupType).publicId;
    await t.call('PATCH', 'GroupTypeList', { ...admin, body: [{ publicId: id, order: 5000 }] });
    const rows = await t.server.db
      .selectFrom('audit_logs')
      .select(['action', 'resource_rel'])
      .where('resource_public_id', '=', id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'CREATE', resource_rel: 'GroupType' },
      { action: 'UPDATE', resource_rel: 'GroupType' },
    ]);
  });
});
