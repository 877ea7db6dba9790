import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

type Role = { publicId: string; name: string; capabilities: string[]; builtIn: boolean };

async function setup() {
  const company = await t.newCompany();
  const as = { token: company.admin.token, company: company.publicId };
  return { company, as };
}

describe('RoleList and Role', () => {
  it('needs a token (401) and the roles right (403)', async () => {
    const { company } = await setup();
    const member = await t.newMember(company, ['auditLogs.use']);
    const memberAs = { token: member.token, company: company.publicId };
    expect((await t.call('GET', 'RoleList', { company: company.publicId })).status).toBe(401);
    expect((await t.call('GET', 'RoleList', memberAs)).status).toBe(403);
    expect((await t.call('GET', `Role/${company.adminRolePublicId}`, memberAs)).status).toBe(403);
    const create = await t.call('POST', 'RoleList', { ...memberAs, body: { name: 'Nope' } });
    expect(create.status).toBe(403);
    expect(create.body.data).toEqual([{ message: 'Missing capability' }]);
    expect(
      (await t.call('PATCH', `Role/${member.rolePublicId}`, { ...memberAs, body: { name: 'X' } })).status,
    ).toBe(403);
    expect(
      (await t.call('DELETE', 'RoleList', { ...memberAs, body: [{ publicId: member.rolePublicId }] })).status,
    ).toBe(403);
  });

  it("treats another company's roles as not found", async () => {
    const mine = await setup();
    const theirs = await setup();
    const id = theirs.company.adminRolePublicId;
    expect((await t.call('GET', `Role/${id}`, mine.as)).status).toBe(404);
    expect((await t.call('PATCH', `Role/${id}`, { ...mine.as, body: { name: 'Mine now' } })).status).toBe(
      404,
    );
    expect((await t.call('DELETE', `Role/${id}`, mine.as)).status).toBe(404);
    const bulk = await t.call('PATCH', 'RoleList', { ...mine.as, body: [{ publicId: id, name: 'x' }] });
    expect(bulk.status).toBe(404);
    const list = await t.call('GET', 'RoleList', { ...mine.as, query: { filters: `eq(publicId,"${id}")` } });
    expect(list.body.data).toEqual([]);
    // Acting in their company by header is refused as well.
    expect(
      (await t.call('GET', `Role/${id}`, { token: mine.as.token, company: theirs.company.publicId })).status,
    ).toBe(404);
  });

  it('creates one role and answers with the stored object', async () => {
    const { as } = await setup();
    const response = await t.call('POST', 'RoleList', {
      ...as,
      body: { name: 'Operator', capabilities: ['agents.connect'] },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      type: 'RoleList',
      status: 'success',
      data: {
        publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
        name: 'Operator',
        capabilities: ['agents.connect'],
        builtIn: false,
      },
    });
    const id = (response.body.data as Role).publicId;
    expect((await t.call('GET', `Role/${id}`, { ...as, query: { fields: 'name' } })).body.data).toEqual({
      publicId: id,
      name: 'Operator',
    });
  });

  it('creates a list in one transaction: one bad item stores nothing', async () => {
    const { as } = await setup();
    const bad = await t.call('POST', 'RoleList', {
      ...as,
      body: [{ name: 'A' }, { name: 'B', capabilities: ['no.such'] }, { name: '' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([
      expect.objectContaining({ propertyName: 'capabilities.0', listIndex: 1 }),
      expect.objectContaining({ propertyName: 'name', listIndex: 2 }),
    ]);
    const duplicate = await t.call('POST', 'RoleList', { ...as, body: [{ name: 'A' }, { name: 'a' }] });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.data).toEqual([
      { message: 'NAME_ALREADY_IN_USE', propertyName: 'name', listIndex: 1 },
    ]);
    const names = (await t.call('GET', 'RoleList', { ...as, query: { fields: 'name' } })).body.data;
    expect(names).toEqual([{ publicId: expect.stringMatching(/^[0-9a-z]{12}$/), name: 'Administrator' }]);
    const good = await t.call('POST', 'RoleList', { ...as, body: [{ name: 'A' }, { name: 'B' }] });
    expect(good.status).toBe(201);
    expect((good.body.data as Role[]).map((r) => r.name)).toEqual(['A', 'B']);
  });

  it.each([
    [{}, 'name', 'Required property'],
    [{ name: '' }, 'name', undefined],
    [{ name: 'x'.repeat(256) }, 'name', undefined],
    [{ name: 'ok', capabilities: 'roles.manage' }, 'capabilities', undefined],
    [{ name: 'ok', color: 'red' }, undefined, 'Unknown property: color'],
  ])('refuses %j', async (body, propertyName, message) => {
    const { as } = await setup();
    const response = await t.call('POST', 'RoleList', { ...as, body });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([
      expect.objectContaining({ ...(propertyName ? { propertyName } : {}), ...(message ? { message } : {}) }),
    ]);
  });

  it('patches one and many roles, refusing a taken name', async () => {
    const { as } = await setup();
    const [a, b] = (await t.call('POST', 'RoleList', { ...as, body: [{ name: 'A' }, { name: 'B' }] })).body
      .data as Role[];
    const one = await t.call('PATCH', `Role/${a!.publicId}`, {
      ...as,
      body: { capabilities: ['groups.manage'] },
    });
    expect(one.body.data).toMatchObject({ name: 'A', capabilities: ['groups.manage'] });
    const taken = await t.call('PATCH', `Role/${a!.publicId}`, { ...as, body: { name: 'b' } });
    expect(taken.status).toBe(409);
    expect(taken.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name' }]);
    const many = await t.call('PATCH', 'RoleList', {
      ...as,
      body: [
        { publicId: a!.publicId, name: 'A2' },
        { publicId: b!.publicId, name: 'B2' },
      ],
    });
    expect(many.status).toBe(200);
    expect((many.body.data as Role[]).map((r) => r.name)).toEqual(['A2', 'B2']);
    const swap = await t.call('PATCH', 'RoleList', { ...as, body: [{ publicId: a!.publicId, name: 'B2' }] });
    expect(swap.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name', listIndex: 0 }]);
    const noId = await t.call('PATCH', 'RoleList', { ...as, body: [{ name: 'x' }] });
    expect(noId.body.data).toEqual([
      { message: 'Required property', propertyName: 'publicId', listIndex: 0 },
    ]);
  });

  it('renames a role, alone or in a list, without touching its capabilities', async () => {
    const { as } = await setup();
    const [a, b] = (
      await t.call('POST', 'RoleList', {
        ...as,
        body: [
          { name: 'Keeps A', capabilities: ['agents.connect', 'groups.manage'] },
          { name: 'Keeps B', capabilities: ['roles.manage'] },
        ],
      })
    ).body.data as Role[];
    const one = await t.call('PATCH', `Role/${a!.publicId}`, { ...as, body: { name: 'Renamed A' } });
    expect(one.body.data).toMatchObject({
      name: 'Renamed A',
      capabilities: ['agents.connect', 'groups.manage'],
    });
    const many = await t.call('PATCH', 'RoleList', {
      ...as,
      body: [{ publicId: b!.publicId, name: 'Renamed B' }],
    });
    expect(many.body.data).toEqual([
      expect.objectContaining({ name: 'Renamed B', capabilities: ['roles.manage'] }),
    ]);
    const read = await t.call('GET', 'RoleList', {
      ...as,
      query: { filters: `in(publicId,"${a!.publicId}","${b!.publicId}")`, fields: 'name,capabilities' },
    });
    expect(read.body.data).toEqual([
      { publicId: a!.publicId, name: 'Renamed A', capabilities: ['agents.connect', 'groups.manage'] },
      { publicId: b!.publicId, name: 'Renamed B', capabilities: ['roles.manage'] },
    ]);
  });

  it('keeps the built-in administrator role as it is', async () => {
    const { as, company } = await setup();
    const patch = await t.call('PATCH', `Role/${company.adminRolePublicId}`, {
      ...as,
      body: { capabilities: [] },
    });
    expect(patch.status).toBe(409);
    expect((await t.call('DELETE', `Role/${company.adminRolePublicId}`, as)).status).toBe(409);
    const role = await t.call('GET', `Role/${company.adminRolePublicId}`, as);
    expect(role.body.data).toMatchObject({ builtIn: true, capabilities: t.allCapabilities });
  });

  it('deletes roles that nobody holds, and not those in use', async () => {
    const { as, company } = await setup();
    const member = await t.newMember(company);
    const inUse = await t.call('DELETE', `Role/${member.rolePublicId}`, as);
    expect(inUse.status).toBe(409);
    expect(inUse.body.data).toEqual([{ message: 'Role is still in use' }]);
    const [a, b] = (await t.call('POST', 'RoleList', { ...as, body: [{ name: 'A' }, { name: 'B' }] })).body
      .data as Role[];
    expect((await t.call('DELETE', `Role/${a!.publicId}`, as)).status).toBe(200);
    expect((await t.call('GET', `Role/${a!.publicId}`, as)).status).toBe(404);
    const bulk = await t.call('DELETE', 'RoleList', {
      ...as,
      body: [{ publicId: b!.publicId }, { publicId: member.rolePublicId }],
    });
    expect(bulk.status).toBe(409);
    expect(bulk.body.data).toEqual([{ message: 'Role is still in use', listIndex: 1 }]);
    expect((await t.call('GET', `Role/${b!.publicId}`, as)).status).toBe(200);
  });

  it('pages with moreAfter and filters with fields', async () => {
    const { as } = await setup();
    const names = Array.from({ length: 7 }, (_, i) => ({
      name: `R${i}`,
      capabilities: i % 2 ? ['apps.manage'] : [],
    }));
    await t.call('POST', 'RoleList', { ...as, body: names });
    const seen: string[] = [];
    let after: string | null | undefined;
    do {
      const query: Record<string, string> = { 'page-size': '3', fields: 'name' };
      if (after) query['page-after'] = after;
      const page = await t.call('GET', 'RoleList', { ...as, query });
      seen.push(...(page.body.data as { name: string }[]).map((r) => r.name));
      after = page.body.moreAfter;
    } while (after);
    // Every role exactly once; rows written in the same millisecond may come in any order among themselves.
    expect(seen).toHaveLength(8);
    expect([...seen].sort()).toEqual(['Administrator', ...names.map((n) => n.name)].sort());
    const filtered = await t.call('GET', 'RoleList', {
      ...as,
      query: { filters: ['or(eq(name,"R1"),contains(name,"r6"))', 'eq(builtIn,false)'], fields: 'name' },
    });
    const anyId = expect.stringMatching(/^[0-9a-z]{12}$/);
    expect(filtered.body.data).toEqual(
      expect.arrayContaining([
        { publicId: anyId, name: 'R1' },
        { publicId: anyId, name: 'R6' },
      ]),
    );

    expect(filtered.body.data).toHaveLength(2);
    const defaultPage = await t.call('GET', 'RoleList', as);
    expect(defaultPage.body.moreAfter).toBeNull();
  });

  it('answers a list of a few fields as the same fields of the whole list (read from fewer columns)', async () => {
    const { as } = await setup();
    await t.call('POST', 'RoleList', {
      ...as,
      body: [
        { name: 'Viewer', capabilities: ['auditLogs.use'] },
        { name: 'Operator', capabilities: ['agents.connect', 'groups.manage'] },
      ],
    });
    const whole = (await t.call('GET', 'RoleList', as)).body.data as Record<string, unknown>[];
    expect(whole).toHaveLength(3);
    for (const fields of ['name', 'capabilities', 'builtIn,name', 'publicId', 'name,capabilities,builtIn']) {
      const some = await t.call('GET', 'RoleList', { ...as, query: { fields } });
      const asked = ['publicId', ...fields.split(',')];
      const expected = whole.map((role) => Object.fromEntries(asked.map((name) => [name, role[name]])));
      expect([fields, some.body.data]).toEqual([fields, expected]);
    }
    // Paging by creation time works on the narrow read too.
    const first = await t.call('GET', 'RoleList', { ...as, query: { fields: 'name', 'page-size': '2' } });
    const rest = await t.call('GET', 'RoleList', {
      ...as,
      query: { fields: 'name', 'page-size': '2', 'page-after': first.body.moreAfter! },
    });
    expect(
      [...(first.body.data as []), ...(rest.body.data as [])].map((r: { name: string }) => r.name),
    ).toEqual(whole.map((role) => role.name));
  });

  it('refuses unknown fields and filters by name', async () => {
    const { as } = await setup();
    const fields = await t.call('GET', 'RoleList', { ...as, query: { fields: 'name,password' } });
    expect(fields.status).toBe(400);
    expect(fields.body.data).toEqual([
      { message: 'Invalid fields: unknown field "password"', propertyName: 'fields' },
    ]);
    const filters = await t.call('GET', 'RoleList', { ...as, query: { filters: 'eq(secret,"x")' } });
    expect(filters.body.data).toEqual([
      { message: 'Invalid filters: unknown field "secret"', propertyName: 'filters' },
    ]);
    expect((await t.call('GET', 'Role/NOT-AN-ID', as)).status).toBe(404);
  });
});
