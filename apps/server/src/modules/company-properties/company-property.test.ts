import { describe, expect, it } from 'vitest';
import type { Company, CompanyProperty } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();
type As = { token: string; company: string };

async function setup() {
  const company = await t.newCompany();
  const as: As = { token: company.admin.token, company: company.publicId };
  return { company, as };
}

async function fields(as: As, body: unknown) {
  const response = await t.call('POST', 'CustomPropertyList', { ...as, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

async function create(as: As, body: unknown) {
  const response = await t.call('POST', 'MyCompanyCustomPropertyList', { ...as, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as CompanyProperty & CompanyProperty[];
}

const releaseNotes = 'custom.glbVpnClientReleaseNotesUrl';

describe('MyCompanyCustomPropertyList and MyCompanyCustomProperty', () => {
  it('stores values of company fields and settings, one or a list, read by every member', async () => {
    const { company, as } = await setup();
    await fields(as, [
      { name: 'Site code', key: 'siteCode', entity: 'company', type: 'text', required: true },
      { name: 'Employees', key: 'employees', entity: 'company', type: 'number' },
      { name: 'Certified', key: 'certified', entity: 'company', type: 'boolean' },
      { name: 'Founded', key: 'founded', entity: 'company', type: 'date' },
      { name: 'Tier', key: 'tier', entity: 'company', type: 'select', options: ['Gold', 'Silver'] },
    ]);
    const one = await create(as, { key: 'siteCode', value: '  HH-01  ' });
    expect(one).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      key: 'siteCode',
      value: 'HH-01',
    });
    const many = await create(as, [
      { key: 'employees', value: 42.5 },
      { key: 'certified', value: false },
      { key: 'founded', value: '1999-02-28' },
      { key: 'tier', value: 'Gold' },
      { key: releaseNotes, value: 'https://releases.example.com/notes.json' },
    ]);
    expect(many.map((p) => p.value)).toEqual([
      42.5,
      false,
      '1999-02-28',
      'Gold',
      'https://releases.example.com/notes.json',
    ]);

    const member = await t.newMember(company, []);
    const read = await t.call('GET', 'MyCompanyCustomPropertyList', {
      token: member.token,
      company: company.publicId,
      query: { 'page-size': '100' },
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toHaveLength(6);
    expect(read.body.data).toEqual(expect.arrayContaining([one, ...many]));
    const filtered = await t.call('GET', 'MyCompanyCustomPropertyList', {
      ...as,
      query: { filters: `eq(key,"tier")`, fields: 'value' },
    });
    expect(filtered.body.data).toEqual([{ publicId: many[3]!.publicId, value: 'Gold' }]);
    const item = await t.call('GET', `MyCompanyCustomProperty/${one.publicId}`, as);
    expect(item.body.data).toEqual(one);
  });

  it('is one store with Company.custom and the branding screen', async () => {
    const { company, as } = await setup();
    const url = 'https://releases.example.com/fleetgate.json';
    const property = await create(as, { key: releaseNotes, value: url });
    const readCompany = async () =>
      ((await t.call('GET', `Company/${company.publicId}`, { token: as.token })).body.data as Company).custom
        .glbVpnClientReleaseNotesUrl;
    expect(await readCompany()).toBe(url);

    const other = 'https://other.example.com/n.json';
    const patched = await t.call('PATCH', `MyCompanyCustomProperty/${property.publicId}`, {
      ...as,
      body: { value: other },
    });
    expect(patched.body.data).toEqual({ ...property, value: other });
    expect(await readCompany()).toBe(other);

    // Through the Company PATCH, the same row changes (it keeps its publicId).
    const third = 'https://third.example.com/n.json';
    await t.call('PATCH', `Company/${company.publicId}`, {
      token: as.token,
      body: { custom: { glbVpnClientReleaseNotesUrl: third } },
    });
    expect((await t.call('GET', `MyCompanyCustomProperty/${property.publicId}`, as)).body.data).toEqual({
      ...property,
      value: third,
    });
    // The branding screen's address is the same setting.
    const branding = await t.call('GET', 'MyCompanyBranding', as);
    expect((branding.body.data as { vpnReleaseNotesUrl: string }).vpnReleaseNotesUrl).toBe(third);

    const deleted = await t.call('DELETE', `MyCompanyCustomProperty/${property.publicId}`, as);
    expect(deleted.status).toBe(200);
    expect(await readCompany()).toBe(`${t.server.baseUrl}/api/VpnClientReleases`);
    // Set again through the Company PATCH: a new row the property list shows.
    await t.call('PATCH', `Company/${company.publicId}`, {
      token: as.token,
      body: { custom: { glbVpnClientReleaseNotesUrl: url } },
    });
    const listed = await t.call('GET', 'MyCompanyCustomPropertyList', as);
    expect(listed.body.data).toEqual([
      { publicId: expect.stringMatching(/^[0-9a-z]{12}$/), key: releaseNotes, value: url },
    ]);
  });

  it.each([
    [{ key: 'nothing', value: 'x' }, 'key', 'Unknown key'],
    [{ key: 'custom.somethingElse', value: 'x' }, 'key', 'Unknown key'],
    [{ key: 'siteCode' }, 'value', 'Required property'],
    [{ value: 'x' }, 'key', 'Required property'],
    [{ key: 'siteCode', value: '   ' }, 'value', 'Required property'],
    [{ key: 'siteCode', value: 'x'.repeat(1001) }, 'value', 'Too long: at most 1000 characters'],
    [{ key: 'siteCode', value: 12 }, 'value', 'Invalid type: expected string'],
    [{ key: 'siteCode', value: null }, 'value', 'Invalid value'],
    [{ key: 'siteCode', value: { a: 1 } }, 'value', 'Invalid value'],
    [{ key: 'employees', value: '12' }, 'value', 'Invalid type: expected number'],
    [{ key: 'certified', value: 'yes' }, 'value', 'Invalid type: expected boolean'],
    [{ key: 'founded', value: '2023-02-30' }, 'value', 'Invalid value'],
    [{ key: 'founded', value: '1.2.2023' }, 'value', 'Invalid value'],
    [{ key: 'tier', value: 'Bronze' }, 'value', 'Invalid value'],
    [{ key: releaseNotes, value: 'http://releases.example.com/n.json' }, 'value', 'Invalid value'],
    [{ key: releaseNotes, value: 'javascript:alert(1)' }, 'value', 'Invalid value'],
    [{ key: releaseNotes, value: 'https://user:pw@example.com/n.json' }, 'value', 'Invalid value'],
    [{ key: 'siteCode', value: 'x', extra: 1 }, undefined, 'Unknown property: extra'],
  ])('refuses %j naming %s', async (body, propertyName, message) => {
    const { as } = await setup();
    await fields(as, [
      { name: 'Site code', key: 'siteCode', entity: 'company', type: 'text' },
      { name: 'Employees', key: 'employees', entity: 'company', type: 'number' },
      { name: 'Certified', key: 'certified', entity: 'company', type: 'boolean' },
      { name: 'Founded', key: 'founded', entity: 'company', type: 'date' },
      { name: 'Tier', key: 'tier', entity: 'company', type: 'select', options: ['Gold'] },
      // A field of another entity is no company property.
      { name: 'Asset only', key: 'assetOnly', entity: 'asset', type: 'text' },
    ]);
    const response = await t.call('POST', 'MyCompanyCustomPropertyList', { ...as, body });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([{ message, ...(propertyName ? { propertyName } : {}) }]);
    const assetKey = await t.call('POST', 'MyCompanyCustomPropertyList', {
      ...as,
      body: { key: 'assetOnly', value: 'x' },
    });
    expect(assetKey.body.data).toEqual([{ message: 'Unknown key', propertyName: 'key' }]);
    expect((await t.call('GET', 'MyCompanyCustomPropertyList', as)).body.data).toEqual([]);
  });

  it('refuses a key set twice (409), stores nothing of a failed list, and names the listIndex', async () => {
    const { as } = await setup();
    await fields(as, { name: 'Site code', key: 'siteCode', entity: 'company', type: 'text' });
    await create(as, { key: 'siteCode', value: 'A' });
    const again = await t.call('POST', 'MyCompanyCustomPropertyList', {
      ...as,
      body: { key: 'siteCode', value: 'B' },
    });
    expect(again.status).toBe(409);
    expect(again.body.data).toEqual([{ message: 'KEY_ALREADY_IN_USE', propertyName: 'key' }]);
    const batch = await t.call('POST', 'MyCompanyCustomPropertyList', {
      ...as,
      body: [
        { key: releaseNotes, value: 'https://example.com/n.json' },
        { key: releaseNotes, value: 'https://example.com/m.json' },
      ],
    });
    expect(batch.status).toBe(409);
    expect(batch.body.data).toEqual([{ message: 'KEY_ALREADY_IN_USE', propertyName: 'key', listIndex: 1 }]);
    const bad = await t.call('POST', 'MyCompanyCustomPropertyList', {
      ...as,
      body: [
        { key: releaseNotes, value: 'https://example.com/n.json' },
        { key: 'nope', value: 'x' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([{ message: 'Unknown key', propertyName: 'key', listIndex: 1 }]);
    const listed = await t.call('GET', 'MyCompanyCustomPropertyList', as);
    expect((listed.body.data as CompanyProperty[]).map((p) => p.key)).toEqual(['siteCode']);
  });

  it('checks a changed value against its definition and keeps a required value', async () => {
    const { as } = await setup();
    await fields(as, [
      { name: 'Site code', key: 'siteCode', entity: 'company', type: 'text', required: true },
      { name: 'Tier', key: 'tier', entity: 'company', type: 'select', options: ['Gold', 'Silver'] },
    ]);
    const [site, tier] = await create(as, [
      { key: 'siteCode', value: 'A' },
      { key: 'tier', value: 'Gold' },
    ]);
    const bad = await t.call('PATCH', `MyCompanyCustomProperty/${tier!.publicId}`, {
      ...as,
      body: { value: 'Iron' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([{ message: 'Invalid value', propertyName: 'value' }]);
    const keyFixed = await t.call('PATCH', `MyCompanyCustomProperty/${tier!.publicId}`, {
      ...as,
      body: { key: 'siteCode', value: 'Silver' },
    });
    expect(keyFixed.body.data).toEqual([{ message: 'Unknown property: key' }]);
    const ok = await t.call('PATCH', `MyCompanyCustomProperty/${tier!.publicId}`, {
      ...as,
      body: { value: 'Silver' },
    });
    expect(ok.body.data).toEqual({ ...tier, value: 'Silver' });

    const required = await t.call('DELETE', `MyCompanyCustomProperty/${site!.publicId}`, as);
    expect(required.status).toBe(400);
    expect(required.body.data).toEqual([{ message: 'Required property', propertyName: 'value' }]);
    expect((await t.call('DELETE', `MyCompanyCustomProperty/${tier!.publicId}`, as)).status).toBe(200);
    expect((await t.call('GET', `MyCompanyCustomProperty/${tier!.publicId}`, as)).status).toBe(404);
  });

  it('drops the values of a deleted field', async () => {
    const { as } = await setup();
    await fields(as, { name: 'Site code', key: 'siteCode', entity: 'company', type: 'text' });
    const value = await create(as, { key: 'siteCode', value: 'A' });
    const definitions = await t.call('GET', 'CustomPropertyList', {
      ...as,
      query: { filters: 'eq(entity,"company")' },
    });
    const [field] = definitions.body.data as { publicId: string }[];
    expect((await t.call('DELETE', `CustomProperty/${field!.publicId}`, as)).status).toBe(200);
    expect((await t.call('GET', `MyCompanyCustomProperty/${value.publicId}`, as)).status).toBe(404);
  });

  it('needs a token (401), branding.manage to change (403); another company’s value is not found (404)', async () => {
    const { company, as } = await setup();
    const theirs = await setup();
    const property = await create(as, { key: releaseNotes, value: 'https://example.com/n.json' });
    const id = property.publicId;
    expect((await t.call('GET', 'MyCompanyCustomPropertyList', { company: company.publicId })).status).toBe(
      401,
    );
    expect(
      (
        await t.call('POST', 'MyCompanyCustomPropertyList', {
          company: company.publicId,
          body: { key: 'x', value: 1 },
        })
      ).status,
    ).toBe(401);
    const member = await t.newMember(company, ['customFields.manage', 'translations.manage']);
    const memberAs = { token: member.token, company: company.publicId };
    const refused = [
      await t.call('POST', 'MyCompanyCustomPropertyList', {
        ...memberAs,
        body: { key: releaseNotes, value: 'https://a.example' },
      }),
      await t.call('PATCH', `MyCompanyCustomProperty/${id}`, {
        ...memberAs,
        body: { value: 'https://a.example' },
      }),
      await t.call('DELETE', `MyCompanyCustomProperty/${id}`, memberAs),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(response.body.data).toEqual([{ message: 'Missing capability' }]);
    }
    const brander = await t.newMember(company, ['branding.manage']);
    const changed = await t.call('PATCH', `MyCompanyCustomProperty/${id}`, {
      token: brander.token,
      company: company.publicId,
      body: { value: 'https://b.example.com/n.json' },
    });
    expect(changed.status).toBe(200);

    expect((await t.call('GET', `MyCompanyCustomProperty/${id}`, theirs.as)).status).toBe(404);
    expect(
      (
        await t.call('PATCH', `MyCompanyCustomProperty/${id}`, {
          ...theirs.as,
          body: { value: 'https://x.example' },
        })
      ).status,
    ).toBe(404);
    expect((await t.call('DELETE', `MyCompanyCustomProperty/${id}`, theirs.as)).status).toBe(404);
    expect((await t.call('GET', 'MyCompanyCustomPropertyList', theirs.as)).body.data).toEqual([]);
  });

  it('audits every change', async () => {
    const { as, company } = await setup();
    const property = await create(as, { key: releaseNotes, value: 'https://example.com/a.json' });
    await t.call('PATCH', `MyCompanyCustomProperty/${property.publicId}`, {
      ...as,
      body: { value: 'https://example.com/b.json' },
    });
    await t.call('DELETE', `MyCompanyCustomProperty/${property.publicId}`, as);
    const audit = await t.call('GET', 'AuditLogList', {
      ...as,
      query: { filters: `eq(resource.publicId,"${property.publicId}")` },
    });
    const entries = (
      audit.body.data as { action: string; resource: { rel: string }; actor: { publicId: string } }[]
    ).reverse();
    expect(entries.map((e) => [e.action, e.resource.rel])).toEqual([
      ['CREATE', 'MyCompanyCustomProperty'],
      ['UPDATE', 'MyCompanyCustomProperty'],
      ['DELETE', 'MyCompanyCustomProperty'],
    ]);
    expect(entries[0]!.actor.publicId).toBe(company.admin.publicId);
  });
});
