import { describe, expect, it } from 'vitest';
import type { CustomField } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

async function setup() {
  const company = await t.newCompany();
  const as = { token: company.admin.token, company: company.publicId };
  return { company, as };
}

const serial = { name: 'Serial number', key: 'serialNumber', entity: 'asset', type: 'text' };

async function create(as: { token: string; company: string }, body: unknown) {
  const response = await t.call('POST', 'CustomPropertyList', { ...as, body });
  expect(response.status).toBe(201);
  return response.body.data as CustomField & CustomField[];
}

describe('CustomPropertyList and CustomProperty', () => {
  it('needs a token (401); any member reads, only the custom-fields right writes (403)', async () => {
    const { company, as } = await setup();
    const field = await create(as, serial);
    const member = await t.newMember(company, ['groups.manage']);
    const memberAs = { token: member.token, company: company.publicId };

    expect((await t.call('GET', 'CustomPropertyList', { company: company.publicId })).status).toBe(401);
    expect(
      (await t.call('GET', `CustomProperty/${field.publicId}`, { company: company.publicId })).status,
    ).toBe(401);
    const read = await t.call('GET', 'CustomPropertyList', { ...memberAs, query: { fields: '*' } });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([field]);
    expect((await t.call('GET', `CustomProperty/${field.publicId}`, memberAs)).body.data).toEqual(field);

    const refused = [
      await t.call('POST', 'CustomPropertyList', { ...memberAs, body: { ...serial, key: 'other' } }),
      await t.call('PATCH', `CustomProperty/${field.publicId}`, { ...memberAs, body: { name: 'X' } }),
      await t.call('PATCH', 'CustomPropertyList', {
        ...memberAs,
        body: [{ publicId: field.publicId, name: 'X' }],
      }),
      await t.call('DELETE', `CustomProperty/${field.publicId}`, memberAs),
      await t.call('DELETE', 'CustomPropertyList', { ...memberAs, body: [{ publicId: field.publicId }] }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(response.body.data).toEqual([{ message: 'Missing capability' }]);
    }

    const manager = await t.newMember(company, ['customFields.manage']);
    const managerAs = { token: manager.token, company: company.publicId };
    const renamed = await t.call('PATCH', `CustomProperty/${field.publicId}`, {
      ...managerAs,
      body: { name: 'Serial no.' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Serial no.' });
  });

  it("treats another company's fields as not found", async () => {
    const mine = await setup();
    const theirs = await setup();
    const field = await create(theirs.as, serial);
    const id = field.publicId;
    expect((await t.call('GET', `CustomProperty/${id}`, mine.as)).status).toBe(404);
    expect(
      (await t.call('PATCH', `CustomProperty/${id}`, { ...mine.as, body: { name: 'Mine' } })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `CustomProperty/${id}`, mine.as)).status).toBe(404);
    const bulkPatch = await t.call('PATCH', 'CustomPropertyList', {
      ...mine.as,
      body: [{ publicId: id, name: 'Mine' }],
    });
    expect(bulkPatch.status).toBe(404);
    expect(bulkPatch.body.data).toEqual([{ message: 'Not found', listIndex: 0 }]);
    expect(
      (await t.call('DELETE', 'CustomPropertyList', { ...mine.as, body: [{ publicId: id }] })).status,
    ).toBe(404);
    expect((await t.call('GET', 'CustomPropertyList', mine.as)).body.data).toEqual([]);
    expect((await t.call('GET', `CustomProperty/${id}`, theirs.as)).body.data).toEqual(field);
  });

  it('creates one field and answers with the stored object, order 0 for the first', async () => {
    const { as } = await setup();
    const response = await t.call('POST', 'CustomPropertyList', { ...as, body: serial });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      type: 'CustomPropertyList',
      status: 'success',
      data: {
        publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
        name: 'Serial number',
        key: 'serialNumber',
        entity: 'asset',
        type: 'text',
        options: [],
        required: false,
        order: 0,
      },
    });
    const all = await t.call('GET', 'CustomPropertyList', { ...as, query: { fields: '*' } });
    expect(all.body.data).toEqual([response.body.data]);
  });

  it('spaces the order by 1000 per entity unless one is given', async () => {
    const { as } = await setup();
    const created = await create(as, [
      { ...serial },
      { name: 'Site', key: 'site', entity: 'asset', type: 'text' },
      { name: 'Site', key: 'site', entity: 'agent', type: 'text' },
      { name: 'Pinned', key: 'pinned', entity: 'asset', type: 'boolean', order: 500 },
      { name: 'Last', key: 'last', entity: 'asset', type: 'date' },
    ]);
    expect(created.map((f) => [f.entity, f.order])).toEqual([
      ['asset', 0],
      ['asset', 1000],
      ['agent', 0],
      ['asset', 500],
      ['asset', 2000],
    ]);
  });

  it('keeps names and keys unique per entity (409), ignoring case', async () => {
    const { as } = await setup();
    await create(as, serial);
    const sameName = await t.call('POST', 'CustomPropertyList', { ...as, body: { ...serial, key: 'other' } });
    expect(sameName.status).toBe(409);
    expect(sameName.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name' }]);
    const sameKey = await t.call('POST', 'CustomPropertyList', {
      ...as,
      body: { ...serial, name: 'Other', key: 'serialnumber' },
    });
    expect(sameKey.status).toBe(409);
    expect(sameKey.body.data).toEqual([{ message: 'KEY_ALREADY_IN_USE', propertyName: 'key' }]);
    // The same name and key on another entity are fine.
    await create(as, { ...serial, entity: 'agent' });

    const batch = await t.call('POST', 'CustomPropertyList', {
      ...as,
      body: [
        { name: 'A', key: 'a', entity: 'user', type: 'text' },
        { name: 'a', key: 'b', entity: 'user', type: 'text' },
      ],
    });
    expect(batch.status).toBe(409);
    expect(batch.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name', listIndex: 1 }]);
    const users = await t.call('GET', 'CustomPropertyList', {
      ...as,
      query: { filters: 'eq(entity,"user")' },
    });
    expect(users.body.data).toEqual([]);
  });

  it.each([
    [{ ...serial, name: undefined }, 'name', 'Required property'],
    [{ ...serial, name: '   ' }, 'name', 'Required property'],
    [{ ...serial, name: 'x'.repeat(256) }, 'name', 'Too long: at most 255 characters'],
    [{ ...serial, key: undefined }, 'key', 'Required property'],
    [{ ...serial, key: 'Serial' }, 'key', 'Value does not match regex expression'],
    [{ ...serial, key: '1st' }, 'key', 'Value does not match regex expression'],
    [{ ...serial, key: 'serial-number' }, 'key', 'Value does not match regex expression'],
    [{ ...serial, key: 'k'.repeat(65) }, 'key', 'Too long: at most 64 characters'],
    [{ ...serial, entity: 'server' }, 'entity', 'Invalid value'],
    [{ ...serial, entity: undefined }, 'entity', 'Required property'],
    [{ ...serial, type: 'color' }, 'type', 'Invalid value'],
    [{ ...serial, required: 'yes' }, 'required', 'Invalid type: expected boolean'],
    [{ ...serial, order: -1 }, 'order', 'Too small: at least 0'],
    [{ ...serial, order: 1.5 }, 'order', 'Invalid type: expected int'],
    [{ ...serial, type: 'select' }, 'options', 'A select field needs at least one option'],
    [{ ...serial, type: 'select', options: ['A', 'a'] }, 'options.1', 'Duplicate'],
    [{ ...serial, type: 'select', options: ['A', ''] }, 'options.1', 'Required property'],
    [{ ...serial, options: ['A'] }, 'options', 'Only select fields have options'],
    [{ ...serial, colour: 'red' }, undefined, 'Unknown property: colour'],
  ])('refuses %j', async (body, propertyName, message) => {
    const { as } = await setup();
    const response = await t.call('POST', 'CustomPropertyList', { ...as, body });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([{ message, ...(propertyName ? { propertyName } : {}) }]);
  });

  it('reports every bad item of a list with its listIndex and stores none', async () => {
    const { as } = await setup();
    const response = await t.call('POST', 'CustomPropertyList', {
      ...as,
      body: [serial, { ...serial, key: 'Bad' }, { ...serial, name: '' }],
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([
      { message: 'Value does not match regex expression', propertyName: 'key', listIndex: 1 },
      { message: 'Required property', propertyName: 'name', listIndex: 2 },
    ]);
    const rule = await t.call('POST', 'CustomPropertyList', {
      ...as,
      body: [serial, { name: 'Colour', key: 'colour', entity: 'asset', type: 'select' }],
    });
    expect(rule.status).toBe(400);
    expect(rule.body.data).toEqual([
      { message: 'A select field needs at least one option', propertyName: 'options', listIndex: 1 },
    ]);
    expect((await t.call('GET', 'CustomPropertyList', as)).body.data).toEqual([]);
  });

  it('creates select fields with their options', async () => {
    const { as } = await setup();
    const field = await create(as, {
      name: 'Zone',
      key: 'zone',
      entity: 'group',
      type: 'select',
      options: [' North ', 'South'],
      required: true,
    });
    expect(field).toMatchObject({ type: 'select', options: ['North', 'South'], required: true });
  });

  it('patches one and many fields; key and entity stay as created', async () => {
    const { as } = await setup();
    const [a, b] = await create(as, [serial, { name: 'Site', key: 'site', entity: 'asset', type: 'text' }]);
    const one = await t.call('PATCH', `CustomProperty/${a!.publicId}`, {
      ...as,
      body: { name: 'Serial', required: true },
    });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ ...a, name: 'Serial', required: true });

    const taken = await t.call('PATCH', `CustomProperty/${a!.publicId}`, { ...as, body: { name: 'SITE' } });
    expect(taken.status).toBe(409);
    expect(taken.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name' }]);
    // Its own name in another case is not a conflict.
    expect(
      (await t.call('PATCH', `CustomProperty/${a!.publicId}`, { ...as, body: { name: 'SERIAL' } })).status,
    ).toBe(200);

    const fixed = await t.call('PATCH', `CustomProperty/${a!.publicId}`, { ...as, body: { key: 'other' } });
    expect(fixed.status).toBe(400);
    expect(fixed.body.data).toEqual([{ message: 'Unknown property: key' }]);
    const badName = await t.call('PATCH', `CustomProperty/${a!.publicId}`, { ...as, body: { name: '' } });
    expect(badName.body.data).toEqual([{ message: 'Required property', propertyName: 'name' }]);

    // Swapping the order of two fields in one call.
    const swap = await t.call('PATCH', 'CustomPropertyList', {
      ...as,
      body: [
        { publicId: a!.publicId, order: b!.order },
        { publicId: b!.publicId, order: a!.order },
      ],
    });
    expect(swap.status).toBe(200);
    expect((swap.body.data as CustomField[]).map((f) => f.order)).toEqual([1000, 0]);

    const bulkBad = await t.call('PATCH', 'CustomPropertyList', {
      ...as,
      body: [
        { publicId: a!.publicId, name: 'Fine' },
        { publicId: b!.publicId, name: 'x'.repeat(256) },
      ],
    });
    expect(bulkBad.status).toBe(400);
    expect(bulkBad.body.data).toEqual([
      { message: 'Too long: at most 255 characters', propertyName: 'name', listIndex: 1 },
    ]);
    const bulkTaken = await t.call('PATCH', 'CustomPropertyList', {
      ...as,
      body: [{ publicId: b!.publicId, name: 'serial' }],
    });
    expect(bulkTaken.body.data).toEqual([
      { message: 'NAME_ALREADY_IN_USE', propertyName: 'name', listIndex: 0 },
    ]);
    expect((await t.call('GET', `CustomProperty/${a!.publicId}`, as)).body.data).toMatchObject({
      name: 'SERIAL',
      order: 1000,
    });
  });

  it('keeps the options consistent with the type on patch', async () => {
    const { as } = await setup();
    const field = await create(as, {
      name: 'Zone',
      key: 'zone',
      entity: 'asset',
      type: 'select',
      options: ['N'],
    });
    const path = `CustomProperty/${field.publicId}`;
    const empty = await t.call('PATCH', path, { ...as, body: { options: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.data).toEqual([
      { message: 'A select field needs at least one option', propertyName: 'options' },
    ]);
    const more = await t.call('PATCH', path, { ...as, body: { options: ['N', 'S'] } });
    expect(more.body.data).toMatchObject({ options: ['N', 'S'] });
    // Becoming a text field drops the options; asking to keep some is refused.
    const withOptions = await t.call('PATCH', path, { ...as, body: { type: 'text', options: ['N'] } });
    expect(withOptions.body.data).toEqual([
      { message: 'Only select fields have options', propertyName: 'options' },
    ]);
    const text = await t.call('PATCH', path, { ...as, body: { type: 'text' } });
    expect(text.body.data).toMatchObject({ type: 'text', options: [] });
    const backToSelect = await t.call('PATCH', path, { ...as, body: { type: 'select' } });
    expect(backToSelect.status).toBe(400);
    expect(backToSelect.body.data).toEqual([
      { message: 'A select field needs at least one option', propertyName: 'options' },
    ]);
  });

  it('deletes one and many fields in one transaction', async () => {
    const { as } = await setup();
    const [a, b, c] = await create(as, [
      serial,
      { name: 'Site', key: 'site', entity: 'asset', type: 'text' },
      { name: 'Floor', key: 'floor', entity: 'asset', type: 'number' },
    ]);
    const one = await t.call('DELETE', `CustomProperty/${a!.publicId}`, as);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ publicId: a!.publicId });
    expect((await t.call('GET', `CustomProperty/${a!.publicId}`, as)).status).toBe(404);
    const partlyGone = await t.call('DELETE', 'CustomPropertyList', {
      ...as,
      body: [{ publicId: b!.publicId }, { publicId: a!.publicId }],
    });
    expect(partlyGone.status).toBe(404);
    expect(partlyGone.body.data).toEqual([{ message: 'Not found', listIndex: 1 }]);
    expect((await t.call('GET', `CustomProperty/${b!.publicId}`, as)).status).toBe(200);
    const both = await t.call('DELETE', 'CustomPropertyList', {
      ...as,
      body: [{ publicId: b!.publicId }, { publicId: c!.publicId }],
    });
    expect(both.status).toBe(200);
    expect(both.body.data).toEqual([{ publicId: b!.publicId }, { publicId: c!.publicId }]);
    expect((await t.call('GET', 'CustomPropertyList', as)).body.data).toEqual([]);
  });

  it('filters, selects fields and audits every change', async () => {
    const { as, company } = await setup();
    const [a] = await create(as, [serial, { name: 'Zone', key: 'zone', entity: 'group', type: 'text' }]);
    const filtered = await t.call('GET', 'CustomPropertyList', {
      ...as,
      query: { filters: 'eq(entity,"group")', fields: 'key,name' },
    });
    expect(filtered.body.data).toEqual([
      { publicId: expect.stringMatching(/^[0-9a-z]{12}$/), key: 'zone', name: 'Zone' },
    ]);

    const unknown = await t.call('GET', 'CustomPropertyList', { ...as, query: { fields: 'secret' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toEqual([
      { message: 'Invalid fields: unknown field "secret"', propertyName: 'fields' },
    ]);

    await t.call('PATCH', `CustomProperty/${a!.publicId}`, { ...as, body: { name: 'Serial' } });
    await t.call('DELETE', `CustomProperty/${a!.publicId}`, as);
    const audit = await t.call('GET', 'AuditLogList', {
      ...as,
      query: { filters: `eq(resource.publicId,"${a!.publicId}")` },
    });
    const entries = audit.body.data as {
      action: string;
      resource: { rel: string };
      actor: { publicId: string };
    }[];
    entries.reverse(); // the audit trail lists newest first
    expect(entries.map((e) => [e.action, e.resource.rel])).toEqual([
      ['CREATE', 'CustomProperty'],
      ['UPDATE', 'CustomProperty'],
      ['DELETE', 'CustomProperty'],
    ]);
    expect(entries[0]!.actor.publicId).toBe(company.admin.publicId);
  });
});
