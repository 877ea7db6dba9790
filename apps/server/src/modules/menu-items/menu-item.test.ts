import { describe, expect, it } from 'vitest';
import type { LiveEvent, MenuItem } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();
type As = { token: string; company: string };

async function setup() {
  const company = await t.newCompany();
  const as: As = { token: company.admin.token, company: company.publicId };
  return { company, as };
}

async function create(as: As, body: unknown) {
  const response = await t.call('POST', 'MenuItemList', { ...as, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as MenuItem[];
}

async function newAudience(as: As, name: string) {
  const response = await t.call('POST', 'AudienceList', { ...as, body: { name } });
  expect(response.status).toBe(201);
  return response.body.data as { publicId: string; name: string };
}

/** Gives the member's membership an access category (as the users screen does). */
async function assignAudience(as: As, membershipPublicId: string, audience: { publicId: string } | null) {
  const response = await t.call('PATCH', `UserMembership/${membershipPublicId}`, {
    ...as,
    body: { audience: audience === null ? null : { publicId: audience.publicId } },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const link = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  url: `https://${name.toLowerCase()}.example.com/`,
  ...extra,
});

describe('MenuItemList', () => {
  it('creates many with orders spaced by 1000, the icon defaulting to link', async () => {
    const { as } = await setup();
    const created = await create(as, [
      link('Wiki'),
      link('Shop', { icon: 'store' }),
      link('Pinned', { order: 500 }),
    ]);
    expect(created[0]).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      name: 'Wiki',
      translationKey: null,
      url: 'https://wiki.example.com/',
      icon: 'link',
      order: 0,
      audience: null,
    });
    expect(created.map((item) => [item.icon, item.order])).toEqual([
      ['link', 0],
      ['store', 1000],
      ['link', 500],
    ]);
    const more = await create(as, link('Later'));
    expect(more).toMatchObject({ order: 2000 });
    const all = await t.call('GET', 'MenuItemList', { ...as, query: { all: 'true', fields: 'name,order' } });
    // Listed in menu order, a page at a time.
    expect(all.body.data).toEqual([
      { publicId: created[0]!.publicId, name: 'Wiki', order: 0 },
      { publicId: created[2]!.publicId, name: 'Pinned', order: 500 },
      { publicId: created[1]!.publicId, name: 'Shop', order: 1000 },
      { publicId: (more as unknown as MenuItem).publicId, name: 'Later', order: 2000 },
    ]);
    const first = await t.call('GET', 'MenuItemList', { ...as, query: { all: 'true', 'page-size': '3' } });
    expect((first.body.data as MenuItem[]).map((item) => item.name)).toEqual(['Wiki', 'Pinned', 'Shop']);
    const rest = await t.call('GET', 'MenuItemList', {
      ...as,
      query: { all: 'true', 'page-size': '3', 'page-after': first.body.moreAfter! },
    });
    expect((rest.body.data as MenuItem[]).map((item) => item.name)).toEqual(['Later']);
    expect(rest.body.moreAfter).toBeNull();
    const badCursor = await t.call('GET', 'MenuItemList', { ...as, query: { 'page-after': 'xyz' } });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.data).toEqual([{ message: 'Invalid page cursor', propertyName: 'page-after' }]);
  });

  it('takes a translation key instead of a name', async () => {
    const { as } = await setup();
    const [item] = await create(as, [{ translationKey: 'LINK_SUPPORT', url: 'https://support.example.com' }]);
    expect(item).toMatchObject({
      name: null,
      translationKey: 'LINK_SUPPORT',
      url: 'https://support.example.com',
    });
  });

  it('shows each member the items without an access category and those of their own; all=true needs branding.manage', async () => {
    const { company, as } = await setup();
    const operators = await newAudience(as, 'Operators');
    const service = await newAudience(as, 'Service');
    const [everyone, forOperators, forService] = await create(as, [
      link('Everyone'),
      link('Operators', { audience: { publicId: operators.publicId } }),
      link('Service', { audience: { publicId: service.publicId } }),
    ]);
    expect(forOperators!.audience).toEqual({ publicId: operators.publicId, name: 'Operators' });

    const operator = await t.newMember(company, []);
    await assignAudience(as, operator.membershipPublicId, operators);
    const plain = await t.newMember(company, []);
    await assignAudience(as, plain.membershipPublicId, null);
    const names = async (token: string, query: Record<string, string> = {}) => {
      const response = await t.call('GET', 'MenuItemList', { token, company: company.publicId, query });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body.data as MenuItem[]).map((item) => item.name);
    };
    expect(await names(operator.token)).toEqual(['Everyone', 'Operators']);
    expect(await names(plain.token)).toEqual(['Everyone']);
    // Managers see their own items by default, too, and every item with all=true.
    expect(await names(as.token)).toEqual(['Everyone']);
    expect(await names(as.token, { all: 'true' })).toEqual(['Everyone', 'Operators', 'Service']);
    expect(
      await names(as.token, { all: 'true', filters: `eq(audience.publicId,"${service.publicId}")` }),
    ).toEqual(['Service']);
    expect(await names(as.token, { all: 'true', filters: 'isnull(audience.publicId)' })).toEqual([
      'Everyone',
    ]);

    const refused = await t.call('GET', 'MenuItemList', {
      token: operator.token,
      company: company.publicId,
      query: { all: 'true' },
    });
    expect(refused.status).toBe(403);
    const badAll = await t.call('GET', 'MenuItemList', { ...as, query: { all: 'yes' } });
    expect(badAll.status).toBe(400);
    expect(badAll.body.data).toEqual([{ message: 'Invalid value', propertyName: 'all' }]);

    // An access category a link still names cannot be deleted.
    const inUse = await t.call('DELETE', `Audience/${service.publicId}`, as);
    expect(inUse.status).toBe(409);
    expect(inUse.body.data).toEqual([{ message: 'Audience is still in use' }]);
    // Moving a link to everyone frees the category.
    await t.call('PATCH', 'MenuItemList', {
      ...as,
      body: [{ publicId: forService!.publicId, audience: null }],
    });
    expect((await t.call('DELETE', `Audience/${service.publicId}`, as)).status).toBe(200);
    expect(await names(plain.token)).toEqual(['Everyone', 'Service']);
    expect(everyone).toBeDefined();
  });

  it.each([
    [{ url: 'https://a.example.com' }, 'name', 'Required property'],
    [{ name: '  ', url: 'https://a.example.com' }, 'name', 'Required property'],
    [{ name: 'x'.repeat(256), url: 'https://a.example.com' }, 'name', 'Too long: at most 255 characters'],
    [
      { name: 'A', translationKey: 'KEY', url: 'https://a.example.com' },
      'translationKey',
      'Give a name or a translation key, not both',
    ],
    [
      { translationKey: 'bad key!', url: 'https://a.example.com' },
      'translationKey',
      'Value does not match regex expression',
    ],
    [{ name: 'A' }, 'url', 'Required property'],
    [{ name: 'A', url: 'http://a.example.com' }, 'url', 'Only https addresses are allowed'],
    [{ name: 'A', url: 'javascript:alert(1)' }, 'url', 'Only https addresses are allowed'],
    [{ name: 'A', url: 'not a url' }, 'url', 'Invalid value'],
    [
      { name: 'A', url: 'https://user:secret@a.example.com' },
      'url',
      'The address must not contain a user name or password',
    ],
    [
      { name: 'A', url: `https://a.example.com/${'x'.repeat(2048)}` },
      'url',
      'Too long: at most 2048 characters',
    ],
    [{ name: 'A', url: 'https://a.example.com', icon: 'rocket' }, 'icon', 'Invalid value'],
    [{ name: 'A', url: 'https://a.example.com', order: -1 }, 'order', 'Too small: at least 0'],
    [{ name: 'A', url: 'https://a.example.com', audience: 'x' }, 'audience', 'Invalid type: expected object'],
    [{ name: 'A', url: 'https://a.example.com', colour: 'red' }, undefined, 'Unknown property: colour'],
  ])('refuses %j naming %s', async (body, propertyName, message) => {
    const { as } = await setup();
    const response = await t.call('POST', 'MenuItemList', { ...as, body: [link('Fine'), body] });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([
      { message, ...(propertyName ? { propertyName } : {}), listIndex: 1 },
    ]);
    expect((await t.call('GET', 'MenuItemList', { ...as, query: { all: 'true' } })).body.data).toEqual([]);
  });

  it('reports every bad item at once and refuses empty or non-list bodies', async () => {
    const { as } = await setup();
    const response = await t.call('POST', 'MenuItemList', {
      ...as,
      body: [{ url: 'https://a.example.com' }, link('Fine'), { name: 'B', url: 'http://b.example.com' }],
    });
    expect(response.body.data).toEqual([
      { message: 'Required property', propertyName: 'name', listIndex: 0 },
      { message: 'Only https addresses are allowed', propertyName: 'url', listIndex: 2 },
    ]);
    expect((await t.call('POST', 'MenuItemList', { ...as, body: [] })).status).toBe(400);
    const patchOne = await t.call('PATCH', 'MenuItemList', { ...as, body: { publicId: 'abcdefabcdef' } });
    expect(patchOne.status).toBe(400);
    const deleteBad = await t.call('DELETE', 'MenuItemList', { ...as, body: [{ publicId: 'nope' }] });
    expect(deleteBad.body.data).toEqual([
      { message: 'Required property', propertyName: 'publicId', listIndex: 0 },
    ]);
  });

  it("answers 404 for another company's access category and items, changing nothing", async () => {
    const mine = await setup();
    const theirs = await setup();
    const foreignAudience = await newAudience(theirs.as, 'Theirs');
    const refused = await t.call('POST', 'MenuItemList', {
      ...mine.as,
      body: [link('A'), link('B', { audience: { publicId: foreignAudience.publicId } })],
    });
    expect(refused.status).toBe(404);
    expect(refused.body.data).toEqual([
      { message: 'Not found', propertyName: 'audience.publicId', listIndex: 1 },
    ]);

    const [own] = await create(mine.as, [link('Own')]);
    const [foreign] = await create(theirs.as, [link('Foreign')]);
    const patch = await t.call('PATCH', 'MenuItemList', {
      ...mine.as,
      body: [
        { publicId: own!.publicId, name: 'Changed' },
        { publicId: foreign!.publicId, name: 'Hijacked' },
      ],
    });
    expect(patch.status).toBe(404);
    expect(patch.body.data).toEqual([{ message: 'Not found', propertyName: 'publicId', listIndex: 1 }]);
    const moveToTheirs = await t.call('PATCH', 'MenuItemList', {
      ...mine.as,
      body: [{ publicId: own!.publicId, audience: { publicId: foreignAudience.publicId } }],
    });
    expect(moveToTheirs.status).toBe(404);
    const remove = await t.call('DELETE', 'MenuItemList', {
      ...mine.as,
      body: [{ publicId: own!.publicId }, { publicId: foreign!.publicId }],
    });
    expect(remove.status).toBe(404);
    expect(remove.body.data).toEqual([{ message: 'Not found', propertyName: 'publicId', listIndex: 1 }]);
    expect((await t.call('GET', 'MenuItemList', { ...mine.as, query: { all: 'true' } })).body.data).toEqual([
      own,
    ]);
    expect((await t.call('GET', 'MenuItemList', { ...theirs.as, query: { all: 'true' } })).body.data).toEqual(
      [foreign],
    );
  });

  it('patches many (a reorder, a switch from name to key) all or nothing, and deletes by a body list', async () => {
    const { as } = await setup();
    const [a, b] = await create(as, [link('A'), link('B')]);
    const swapped = await t.call('PATCH', 'MenuItemList', {
      ...as,
      body: [
        { publicId: a!.publicId, order: 1000 },
        { publicId: b!.publicId, order: 0, name: null, translationKey: 'LINK_B', icon: 'help' },
      ],
    });
    expect(swapped.status).toBe(200);
    expect(swapped.body.data).toEqual([
      { ...a, order: 1000 },
      { ...b, order: 0, name: null, translationKey: 'LINK_B', icon: 'help' },
    ]);
    const both = await t.call('PATCH', 'MenuItemList', {
      ...as,
      body: [
        { publicId: a!.publicId, order: 5 },
        { publicId: b!.publicId, name: 'Both' },
      ],
    });
    expect(both.status).toBe(400);
    expect(both.body.data).toEqual([
      { message: 'Give a name or a translation key, not both', propertyName: 'translationKey', listIndex: 1 },
    ]);
    const neither = await t.call('PATCH', 'MenuItemList', {
      ...as,
      body: [{ publicId: a!.publicId, name: null }],
    });
    expect(neither.body.data).toEqual([{ message: 'Required property', propertyName: 'name', listIndex: 0 }]);
    const http = await t.call('PATCH', 'MenuItemList', {
      ...as,
      body: [{ publicId: a!.publicId, url: 'http://a.example.com' }],
    });
    expect(http.body.data).toEqual([
      { message: 'Only https addresses are allowed', propertyName: 'url', listIndex: 0 },
    ]);
    // Nothing of the refused batches was stored.
    const stored = await t.call('GET', 'MenuItemList', {
      ...as,
      query: { all: 'true', fields: 'order,name' },
    });
    expect(stored.body.data).toEqual([
      { publicId: b!.publicId, order: 0, name: null },
      { publicId: a!.publicId, order: 1000, name: 'A' },
    ]);

    const removed = await t.call('DELETE', 'MenuItemList', { ...as, body: [{ publicId: a!.publicId }] });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual([{ publicId: a!.publicId }]);
    const extra = await t.call('DELETE', 'MenuItemList', {
      ...as,
      body: [{ publicId: b!.publicId, name: 'x' }],
    });
    expect(extra.body.data).toEqual([
      { message: 'Unknown property: name', propertyName: 'name', listIndex: 0 },
    ]);
  });

  it('needs a token (401) and branding.manage to change (403)', async () => {
    const { company, as } = await setup();
    const [item] = await create(as, [link('A')]);
    expect((await t.call('GET', 'MenuItemList', { company: company.publicId })).status).toBe(401);
    expect(
      (await t.call('POST', 'MenuItemList', { company: company.publicId, body: [link('B')] })).status,
    ).toBe(401);
    const member = await t.newMember(company, ['translations.manage', 'roles.manage']);
    const memberAs = { token: member.token, company: company.publicId };
    const bodies = {
      POST: [link('B')],
      PATCH: [{ publicId: item!.publicId, name: 'X' }],
      DELETE: [{ publicId: item!.publicId }],
    };
    for (const [method, body] of Object.entries(bodies)) {
      const response = await t.call(method, 'MenuItemList', { ...memberAs, body });
      expect(response.status, method).toBe(403);
      expect(response.body.data).toEqual([{ message: 'Missing capability' }]);
    }
    const brander = await t.newMember(company, ['branding.manage']);
    const made = await t.call('POST', 'MenuItemList', {
      token: brander.token,
      company: company.publicId,
      body: [link('B')],
    });
    expect(made.status).toBe(201);
  });

  it('audits every change and tells the company live', async () => {
    const { company, as } = await setup();
    const seen: LiveEvent[] = [];
    const row = await t.server.db
      .selectFrom('companies')
      .select('id')
      .where('public_id', '=', company.publicId)
      .executeTakeFirstOrThrow();
    const stop = t.server.built.events.listen(({ audience, event }) => {
      if ('companyId' in audience && audience.companyId === row.id) seen.push(event);
    });
    try {
      const [x] = await create(as, [link('X')]);
      await t.call('PATCH', 'MenuItemList', { ...as, body: [{ publicId: x!.publicId, name: 'Y' }] });
      await t.call('DELETE', 'MenuItemList', { ...as, body: [{ publicId: x!.publicId }] });
      const rows = await t.server.db
        .selectFrom('audit_logs')
        .select(['action', 'resource_rel', 'before', 'after'])
        .where('resource_public_id', '=', x!.publicId)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { action: 'CREATE', resource_rel: 'MenuItem', before: null, after: x },
        { action: 'UPDATE', resource_rel: 'MenuItem', before: x, after: { ...x, name: 'Y' } },
        { action: 'DELETE', resource_rel: 'MenuItem', before: { ...x, name: 'Y' }, after: null },
      ]);
      expect(seen.filter((e) => e.type === 'MenuItemsChanged')).toHaveLength(3);
    } finally {
      stop();
    }
  });
});
