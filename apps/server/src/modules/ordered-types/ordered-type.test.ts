import { describe, expect, it } from 'vitest';
import type { Capability } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();
const anyId = expect.stringMatching(/^[0-9a-z]{12}$/);

type As = { token: string; company: string };
type OrderedType = { publicId: string; name: string; order: number };

/** Group types and asset types follow the same rules; each suite below runs for both. */
const kinds = [
  {
    rel: 'GroupType',
    right: 'groupTypes.manage' as Capability,
    // Administrators can manage subgroups, so they must give a colour.
    extra: { color: '#336699' },
    inUse: 'CANNOT_DELETE_GROUP_TYPE',
    last: 'CANNOT_DELETE_LAST_GROUP_TYPE',
    use: (as: As, typeId: string) =>
      t.call('POST', 'GroupList', { ...as, body: { name: 'User of type', groupType: { publicId: typeId } } }),
    userList: 'GroupList',
  },
  {
    rel: 'AssetType',
    right: 'assetTypes.manage' as Capability,
    extra: {},
    inUse: 'CANNOT_DELETE_ASSET_TYPE',
    last: 'CANNOT_DELETE_LAST_ASSET_TYPE',
    use: (as: As, typeId: string) =>
      t.call('POST', 'AssetList', { ...as, body: { name: 'User of type', assetType: { publicId: typeId } } }),
    userList: 'AssetList',
  },
];

describe.each(kinds)('$rel: the shared rules of ordered types', (kind) => {
  const list = `${kind.rel}List`;

  async function setup() {
    const company = await t.newCompany();
    const as = { token: company.admin.token, company: company.publicId };
    const create = async (name: string) => {
      const response = await t.call('POST', list, { ...as, body: { name, ...kind.extra } });
      expect(response.status).toBe(201);
      return response.body.data as OrderedType;
    };
    const names = async () =>
      ((await t.call('GET', list, { ...as, query: { fields: 'name,order' } })).body.data as OrderedType[])
        .sort((a, b) => a.order - b.order)
        .map((type) => type.name);
    return { company, as, create, names };
  }

  it('needs a token (401), a company member to read, and the manage right to write (403)', async () => {
    const { company, create } = await setup();
    const type = await create('First');
    expect((await t.call('GET', list, { company: company.publicId })).status).toBe(401);
    expect((await t.call('POST', list, { company: company.publicId, body: { name: 'x' } })).status).toBe(401);

    // Reading needs no special right: any member sees the types.
    const reader = await t.newMember(company, []);
    const readerAs = { token: reader.token, company: company.publicId };
    const read = await t.call('GET', list, { ...readerAs, query: { fields: 'name' } });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([{ publicId: type.publicId, name: 'First' }]);
    expect((await t.call('GET', `${kind.rel}/${type.publicId}`, readerAs)).status).toBe(200);

    const refused = [
      await t.call('POST', list, { ...readerAs, body: { name: 'Nope' } }),
      await t.call('PATCH', `${kind.rel}/${type.publicId}`, { ...readerAs, body: { name: 'Nope' } }),
      await t.call('PATCH', list, { ...readerAs, body: [{ publicId: type.publicId, order: 5 }] }),
      await t.call('DELETE', `${kind.rel}/${type.publicId}`, readerAs),
      await t.call('DELETE', list, { ...readerAs, body: [{ publicId: type.publicId }] }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(response.body.data).toEqual([{ message: 'Missing capability' }]);
    }

    // Someone else's right does not do.
    const other = await t.newMember(company, [
      kind.right === 'groupTypes.manage' ? 'assetTypes.manage' : 'groupTypes.manage',
    ]);
    expect(
      (await t.call('POST', list, { token: other.token, company: company.publicId, body: { name: 'x' } }))
        .status,
    ).toBe(403);

    // A stranger to the company cannot even read.
    const stranger = await t.newUser();
    expect((await t.call('GET', list, { token: stranger.token, company: company.publicId })).status).toBe(
      404,
    );
  });

  it('places new types after the highest order by 1000, starting at 0', async () => {
    const { as, create } = await setup();
    expect((await create('A')).order).toBe(0);
    expect((await create('B')).order).toBe(1000);
    const c = await create('C');
    expect(c.order).toBe(2000);
    // After moving one far down, the next goes after it, not after the count.
    await t.call('PATCH', `${kind.rel}/${c.publicId}`, { ...as, body: { order: 7500 } });
    expect((await create('D')).order).toBe(8500);
    const many = await t.call('POST', list, {
      ...as,
      body: [
        { name: 'E', ...kind.extra },
        { name: 'F', ...kind.extra },
      ],
    });
    expect((many.body.data as OrderedType[]).map((type) => type.order)).toEqual([9500, 10500]);
    // The order is the server's to give on create.
    const withOrder = await t.call('POST', list, { ...as, body: { name: 'G', order: 3, ...kind.extra } });
    expect(withOrder.status).toBe(400);
    expect(withOrder.body.data).toEqual([{ message: 'Unknown property: order' }]);
  });

  it('answers the stored object on create, trimming the name', async () => {
    const { as } = await setup();
    const response = await t.call('POST', list, { ...as, body: { name: '  Line  ', ...kind.extra } });
    expect(response.status).toBe(201);
    expect(response.body.type).toBe(list);
    expect(response.body.data).toMatchObject({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      name: 'Line',
      order: 0,
    });
    const id = (response.body.data as OrderedType).publicId;
    const item = await t.call('GET', `${kind.rel}/${id}`, { ...as, query: { fields: 'name,order' } });
    expect(item.body).toEqual({
      type: kind.rel,
      status: 'success',
      data: { publicId: id, name: 'Line', order: 0 },
    });
  });

  it.each([
    [{}, 'Required property'],
    [{ name: '' }, 'Required property'],
    [{ name: '   ' }, 'Required property'],
    [{ name: 'x'.repeat(256) }, 'Too long: at most 255 characters'],
    [{ name: 42 }, 'Invalid type: expected string'],
  ])('refuses the name of %j with 400', async (body, message) => {
    const { as } = await setup();
    const response = await t.call('POST', list, { ...as, body: { ...kind.extra, ...body } });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([{ message, propertyName: 'name' }]);
  });

  it('accepts a name of exactly 255 characters and a translation key as a name', async () => {
    const { create } = await setup();
    expect((await create('x'.repeat(255))).name).toHaveLength(255);
    expect((await create('groups.typeNames.site')).name).toBe('groups.typeNames.site');
  });

  it('keeps a translation-key name: renaming it is refused, other changes are not', async () => {
    const { as, create } = await setup();
    const type = await create('groups.typeNames.site');
    const rename = await t.call('PATCH', `${kind.rel}/${type.publicId}`, { ...as, body: { name: 'Plant' } });
    expect(rename.status).toBe(409);
    expect(rename.body.data).toEqual([{ message: 'TRANSLATED_NAME_CANNOT_CHANGE', propertyName: 'name' }]);
    const same = await t.call('PATCH', `${kind.rel}/${type.publicId}`, {
      ...as,
      body: { name: 'groups.typeNames.site' },
    });
    expect(same.status).toBe(200);
  });

  it('refuses a name already in use, ignoring case and spaces around it (409 NAME_ALREADY_IN_USE)', async () => {
    const { as, create, names } = await setup();
    const [a] = [await create('Production'), await create('Warehouse')];
    const duplicate = await t.call('POST', list, { ...as, body: { name: ' production ', ...kind.extra } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name' }]);
    const rename = await t.call('PATCH', `${kind.rel}/${a.publicId}`, {
      ...as,
      body: { name: 'WAREHOUSE' },
    });
    expect(rename.status).toBe(409);
    expect(rename.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name' }]);
    // A type may keep its own name or change its case.
    const same = await t.call('PATCH', `${kind.rel}/${a.publicId}`, { ...as, body: { name: 'PRODUCTION' } });
    expect(same.status).toBe(200);
    // Within one batch as well, with the index of the clashing item; nothing is stored.
    const batch = await t.call('POST', list, {
      ...as,
      body: [
        { name: 'Lab', ...kind.extra },
        { name: 'lab', ...kind.extra },
      ],
    });
    expect(batch.status).toBe(409);
    expect(batch.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name', listIndex: 1 }]);
    expect(await names()).toEqual(['PRODUCTION', 'Warehouse']);
    // Names are unique per company only.
    const other = await setup();
    expect((await other.create('Production')).name).toBe('Production');
  });

  it('renames one and reorders many with a bulk PATCH; the new order is kept', async () => {
    const { as, create, names } = await setup();
    const [a, b, c] = [await create('A'), await create('B'), await create('C')];
    const renamed = await t.call('PATCH', `${kind.rel}/${a.publicId}`, { ...as, body: { name: ' Alpha ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ publicId: a.publicId, name: 'Alpha', order: 0 });

    const reorder = await t.call('PATCH', list, {
      ...as,
      body: [
        { publicId: c.publicId, order: 0 },
        { publicId: a.publicId, order: 1000 },
        { publicId: b.publicId, order: 2000 },
      ],
    });
    expect(reorder.status).toBe(200);
    expect((reorder.body.data as OrderedType[]).map((type) => [type.name, type.order])).toEqual([
      ['C', 0],
      ['Alpha', 1000],
      ['B', 2000],
    ]);
    expect(await names()).toEqual(['C', 'Alpha', 'B']);
    const filtered = await t.call('GET', list, {
      ...as,
      query: { filters: 'gte(order,1000)', fields: 'name' },
    });
    expect(filtered.body.data).toEqual([
      { publicId: anyId, name: 'Alpha' },
      { publicId: anyId, name: 'B' },
    ]);
  });

  it.each([
    [[{ order: 1 }], { message: 'Required property', propertyName: 'publicId', listIndex: 0 }],
    [
      [{ publicId: 'ID', order: -1 }],
      { message: 'Too small: at least 0', propertyName: 'order', listIndex: 0 },
    ],
    [
      [{ publicId: 'ID', order: 1.5 }],
      { message: 'Invalid type: expected int', propertyName: 'order', listIndex: 0 },
    ],
    [
      [{ publicId: 'ID', order: '1' }],
      { message: 'Invalid type: expected number', propertyName: 'order', listIndex: 0 },
    ],
    [[{ publicId: 'ID', name: '' }], { message: 'Required property', propertyName: 'name', listIndex: 0 }],
    [{ publicId: 'ID', order: 1 }, { message: 'Expected a list of objects with publicId' }],
  ])('refuses the reorder body %j with 400', async (body, error) => {
    const { as, create } = await setup();
    const type = await create('A');
    const withId = JSON.parse(JSON.stringify(body).replaceAll('"ID"', `"${type.publicId}"`)) as unknown;
    const response = await t.call('PATCH', list, { ...as, body: withId });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([error]);
  });

  it('reorders all or nothing: an unknown item leaves every order as it was', async () => {
    const { as, create, names } = await setup();
    const [a, b] = [await create('A'), await create('B')];
    const response = await t.call('PATCH', list, {
      ...as,
      body: [
        { publicId: b.publicId, order: 0 },
        { publicId: a.publicId, order: 1000 },
        { publicId: 'zzzzzzzzzzzz', order: 2000 },
      ],
    });
    expect(response.status).toBe(404);
    expect(response.body.data).toEqual([{ message: 'Not found', listIndex: 2 }]);
    expect(await names()).toEqual(['A', 'B']);
  });

  it("treats another company's types as not found (404)", async () => {
    const mine = await setup();
    const theirs = await setup();
    await mine.create('Mine');
    const type = await theirs.create('Theirs');
    const id = type.publicId;
    expect((await t.call('GET', `${kind.rel}/${id}`, mine.as)).status).toBe(404);
    expect(
      (await t.call('PATCH', `${kind.rel}/${id}`, { ...mine.as, body: { name: 'Mine now' } })).status,
    ).toBe(404);
    expect((await t.call('PATCH', list, { ...mine.as, body: [{ publicId: id, order: 1 }] })).status).toBe(
      404,
    );
    expect((await t.call('DELETE', `${kind.rel}/${id}`, mine.as)).status).toBe(404);
    expect((await t.call('DELETE', list, { ...mine.as, body: [{ publicId: id }] })).status).toBe(404);
    const listed = await t.call('GET', list, { ...mine.as, query: { filters: `eq(publicId,"${id}")` } });
    expect(listed.body.data).toEqual([]);
    // Nor can their type be given to my groups or assets.
    const used = await kind.use(mine.as, id);
    expect(used.status).toBe(404);
    expect(used.body.data).toEqual([
      {
        message: 'Not found',
        propertyName: kind.rel === 'GroupType' ? 'groupType.publicId' : 'assetType.publicId',
      },
    ]);
    expect((await t.call('GET', `${kind.rel}/${id}`, theirs.as)).body.data).toMatchObject({ name: 'Theirs' });
  });

  it(`refuses to delete a type in use (409 ${kinds[0]!.inUse} / ${kinds[1]!.inUse})`, async () => {
    const { as, create } = await setup();
    const [used] = [await create('Used'), await create('Spare')];
    const user = await kind.use(as, used.publicId);
    expect(user.status).toBe(201);
    const refused = await t.call('DELETE', `${kind.rel}/${used.publicId}`, as);
    expect(refused.status).toBe(409);
    expect(refused.body.data).toEqual([{ message: kind.inUse }]);
    const bulk = await t.call('DELETE', list, { ...as, body: [{ publicId: used.publicId }] });
    expect(bulk.body.data).toEqual([{ message: kind.inUse, listIndex: 0 }]);
    expect((await t.call('GET', `${kind.rel}/${used.publicId}`, as)).status).toBe(200);

    // Once nothing uses it, it can go.
    const userId = (user.body.data as { publicId: string }).publicId;
    const itemRel = kind.userList.replace(/List$/, '');
    expect((await t.call('DELETE', `${itemRel}/${userId}`, as)).status).toBe(200);
    const deleted = await t.call('DELETE', `${kind.rel}/${used.publicId}`, as);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ publicId: used.publicId });
    expect((await t.call('GET', `${kind.rel}/${used.publicId}`, as)).status).toBe(404);
  });

  it('never deletes the last remaining type, alone or in a batch', async () => {
    const { as, create, names } = await setup();
    const [a, b] = [await create('A'), await create('B')];
    const both = await t.call('DELETE', list, {
      ...as,
      body: [{ publicId: a.publicId }, { publicId: b.publicId }],
    });
    expect(both.status).toBe(409);
    expect(both.body.data).toEqual([{ message: kind.last, listIndex: 1 }]);
    expect(await names()).toEqual(['A', 'B']);
    expect((await t.call('DELETE', `${kind.rel}/${a.publicId}`, as)).status).toBe(200);
    const last = await t.call('DELETE', `${kind.rel}/${b.publicId}`, as);
    expect(last.status).toBe(409);
    expect(last.body.data).toEqual([{ message: kind.last }]);
    expect(await names()).toEqual(['B']);
  });

  it('keeps names unique and deletions safe when requests race', async () => {
    const { as, create, names } = await setup();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('POST', list, { ...as, body: { name: 'Racer', ...kind.extra } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const [x, y] = [await create('X'), await create('Y')];
    const typesBefore = await names();
    const racers = await t.call('GET', list, { ...as, query: { fields: 'publicId' } });
    const ids = (racers.body.data as { publicId: string }[]).map((r) => r.publicId);
    const deletes = await Promise.all(ids.map((id) => t.call('DELETE', `${kind.rel}/${id}`, as)));
    expect(deletes.filter((r) => r.status === 200)).toHaveLength(typesBefore.length - 1);
    expect(deletes.filter((r) => r.status === 409)).toHaveLength(1);
    expect(await names()).toHaveLength(1);
    expect([x.name, y.name, 'Racer']).toContain((await names())[0]);
    // Orders of concurrent creates never collide.
    const more = await Promise.all(
      ['P', 'Q', 'R', 'S'].map((name) => t.call('POST', list, { ...as, body: { name, ...kind.extra } })),
    );
    const orders = more.map((r) => (r.body.data as OrderedType).order);
    expect(new Set(orders).size).toBe(4);
  });

  it('pages and filters by name', async () => {
    const { as, create } = await setup();
    for (const name of ['One', 'Two', 'Three']) await create(name);
    const first = await t.call('GET', list, { ...as, query: { 'page-size': '2', fields: 'name' } });
    expect(first.body.data).toEqual([
      { publicId: anyId, name: 'One' },
      { publicId: anyId, name: 'Two' },
    ]);
    const second = await t.call('GET', list, {
      ...as,
      query: { 'page-size': '2', fields: 'name', 'page-after': first.body.moreAfter! },
    });
    expect(second.body.data).toEqual([{ publicId: anyId, name: 'Three' }]);
    expect(second.body.moreAfter).toBeNull();
    const contains = await t.call('GET', list, {
      ...as,
      query: { filters: 'contains(name,"t")', fields: 'name' },
    });
    expect(contains.body.data).toEqual([
      { publicId: anyId, name: 'Two' },
      { publicId: anyId, name: 'Three' },
    ]);

    const bad = await t.call('GET', list, { ...as, query: { fields: 'secret' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([
      { message: 'Invalid fields: unknown field "secret"', propertyName: 'fields' },
    ]);
  });
});
