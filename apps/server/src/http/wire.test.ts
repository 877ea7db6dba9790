import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useTestServer } from '../../test/harness.ts';

const t = useTestServer();

describe('wire conventions over HTTP', () => {
  it('discovery lists rels with absolute hrefs and methods', async () => {
    const response = await t.call('GET', '/api');
    expect(response.status).toBe(200);
    expect(response.body.type).toBe('Discovery');
    const entries = response.body.data as { rel: string; href: string; methods: string[] }[];
    const role = entries.find((e) => e.rel === 'Role');
    expect(role).toEqual({
      rel: 'Role',
      href: `${t.server.baseUrl}/api/Role/{publicId}`,
      methods: ['DELETE', 'GET', 'PATCH'],
    });
    expect(entries.find((e) => e.rel === 'AccessTokenList')?.methods).toEqual(['DELETE', 'GET', 'POST']);
    for (const rel of [
      'RegistrationList',
      'MyUser',
      'MyUserPassword',
      'CompanyList',
      'RoleList',
      'AuditLogList',
      'UserMembershipList',
    ]) {
      expect(entries.map((e) => e.rel)).toContain(rel);
    }
  });

  it('never acts in a default company: every GET either needs Api-Company or ignores it', async () => {
    const company = await t.newCompany();
    const as = { token: company.admin.token };
    const entries = (await t.call('GET', '/api')).body.data as {
      rel: string;
      href: string;
      methods: string[];
    }[];
    // The event stream and the CSV download answer no JSON; both are checked on their own below.
    const gets = entries.filter(
      (e) =>
        e.methods.includes('GET') && !e.href.includes('{') && e.rel !== 'Events' && e.rel !== 'DataUsageCsv',
    );
    expect(gets.length).toBeGreaterThan(10);
    const companyRels: string[] = [];
    for (const { rel } of gets) {
      const named = await t.call('GET', rel, { ...as, company: company.publicId });
      const bare = await t.call('GET', rel, as);
      // A 400 that the header would not cure (BrandingList without Api-Branding) is no company route.
      if (bare.status === 400 && named.status !== 400) {
        expect(bare.body.data, rel).toEqual([
          { message: 'No company selected', propertyName: 'Api-Company' },
        ]);
        companyRels.push(rel);
      } else if (rel !== 'MyUser') {
        // A route that answers without the header must not answer differently with it.
        expect({ rel, status: bare.status, body: bare.body }).toEqual({
          rel,
          status: named.status,
          body: named.body,
        });
      }
    }
    expect(companyRels).toEqual(
      expect.arrayContaining(['RoleList', 'AgentList', 'AuditLogList', 'UserList']),
    );
    const bareCsv = await t.call('GET', 'DataUsageCsv', as);
    expect(bareCsv.status).toBe(400);
    expect(bareCsv.body.data).toEqual([{ message: 'No company selected', propertyName: 'Api-Company' }]);
    const bareEvents = await fetch(`${t.server.baseUrl}/api/events`, {
      headers: { 'Api-Version': '2', Authorization: `Bearer ${company.admin.token}` },
    });
    expect(bareEvents.status).toBe(400);
  });

  it.each([undefined, '1', '3', ''])('refuses Api-Version %j with a 400 naming it', async (version) => {
    const headers: Record<string, string> = version === undefined ? {} : { 'Api-Version': version };
    const response = await fetch(`${t.server.baseUrl}/api/MyUser`, { headers });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: 'Error',
      status: 'error',
      data: [{ message: 'Unsupported or missing Api-Version, expected 2', propertyName: 'Api-Version' }],
    });
  });

  it('answers unknown API paths with a 404 in the error shape', async () => {
    const response = await t.call('GET', 'NoSuchList');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ type: 'Error', status: 'error', data: [{ message: 'Not found' }] });
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const admin = await t.newCompany();
    const response = await fetch(`${t.server.baseUrl}/api/RoleList`, {
      method: 'POST',
      headers: {
        'Api-Version': '2',
        Authorization: `Bearer ${admin.admin.token}`,
        'Content-Type': 'application/json',
      },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'Error', status: 'error' });
  });

  it('answers any fields, filters or paging string with a 200 or a 400 naming it, never a 5xx', async () => {
    const { admin, publicId } = await t.newCompany();
    const tokens = fc.constantFrom(
      'eq',
      'and',
      'or',
      'in',
      'name',
      'publicId',
      'builtIn',
      '(',
      ')',
      ',',
      '"',
      '\\',
      '.',
      '*',
      ' ',
      '1',
      'true',
      'null',
      '%',
      '&',
      '=',
    );
    const junk = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.array(tokens, { maxLength: 20 }).map((parts) => parts.join('')),
    );
    const param = fc.constantFrom('fields', 'filters', 'page-size', 'page-after');
    await fc.assert(
      fc.asyncProperty(param, junk, async (name, value) => {
        const response = await t.call('GET', 'RoleList', {
          token: admin.token,
          company: publicId,
          query: { [name]: value },
        });
        expect([200, 400]).toContain(response.status);
        if (response.status === 400) {
          expect(response.body.status).toBe('error');
          expect((response.body.data as { propertyName: string }[])[0]?.propertyName).toBe(name);
        }
      }),
      { numRuns: 300 },
    );
  });
});
