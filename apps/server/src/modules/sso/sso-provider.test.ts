import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PublicSsoIdentityProvider, SsoIdentityProvider } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

// A key of this file's own, so the suite never writes a key file into the working directory.
process.env.FLEETGATE_SECRET_KEY = randomBytes(32).toString('base64');

const t = useTestServer({ config: { outboundAllowPrivate: true } });
const secret = 'Very-secret-client-secret-4711';

type As = { token: string; company: string };

async function setup() {
  const company = await t.newCompany();
  return { company, as: { token: company.admin.token, company: company.publicId } };
}

const body = (overrides: Record<string, unknown> = {}) => ({
  name: `Entra ${t.unique()}`,
  issuerUrl: 'https://login.example.com/tenant',
  clientId: 'fleetgate-client',
  clientSecret: secret,
  allowedDomains: ['Example.COM', 'plant.example.org'],
  ...overrides,
});

async function createProvider(as: As, overrides: Record<string, unknown> = {}) {
  const response = await t.call('POST', 'CompanySsoIdentityProviderList', { ...as, body: body(overrides) });
  expect(response.status).toBe(201);
  return response.body.data as SsoIdentityProvider;
}

describe('CompanySsoIdentityProviderList and CompanySsoIdentityProvider', () => {
  it('needs a token (401) and the roles right (403)', async () => {
    const { company, as } = await setup();
    const provider = await createProvider(as);
    const member = await t.newMember(company, ['customFields.manage']);
    const memberAs = { token: member.token, company: company.publicId };
    const calls: [string, string, unknown?][] = [
      ['GET', 'CompanySsoIdentityProviderList'],
      ['GET', `CompanySsoIdentityProvider/${provider.publicId}`],
      ['POST', 'CompanySsoIdentityProviderList', body()],
      ['PATCH', `CompanySsoIdentityProvider/${provider.publicId}`, { name: 'X' }],
      ['DELETE', `CompanySsoIdentityProvider/${provider.publicId}`],
    ];
    for (const [method, rel, payload] of calls) {
      expect((await t.call(method, rel, { company: company.publicId, body: payload })).status).toBe(401);
      expect((await t.call(method, rel, { ...memberAs, body: payload })).status).toBe(403);
    }
  });

  it('creates, reads, changes and deletes; the secret is sealed and never answered or audited', async () => {
    const { as } = await setup();
    const created = await createProvider(as, { logoUrl: 'https://cdn.example.com/logo.svg' });
    expect(created).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      name: expect.stringMatching(/^Entra /),
      issuerUrl: 'https://login.example.com/tenant',
      clientId: 'fleetgate-client',
      clientSecretSet: true,
      allowedDomains: ['example.com', 'plant.example.org'],
      logoUrl: 'https://cdn.example.com/logo.svg',
    });
    const read = await t.call('GET', `CompanySsoIdentityProvider/${created.publicId}`, as);
    expect(read.body.data).toEqual(created);
    const list = await t.call('GET', 'CompanySsoIdentityProviderList', as);
    expect((list.body.data as SsoIdentityProvider[]).map((p) => p.publicId)).toEqual([created.publicId]);

    const row = await t.server.db
      .selectFrom('sso_identity_providers')
      .select('client_secret_sealed')
      .where('public_id', '=', created.publicId)
      .executeTakeFirstOrThrow();
    expect(row.client_secret_sealed).not.toContain(secret);

    const changed = await t.call('PATCH', `CompanySsoIdentityProvider/${created.publicId}`, {
      ...as,
      body: { name: 'Renamed', clientSecret: 'another-secret-value', logoUrl: null },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name: 'Renamed', clientSecretSet: true, logoUrl: null });
    const resealed = await t.server.db
      .selectFrom('sso_identity_providers')
      .select('client_secret_sealed')
      .where('public_id', '=', created.publicId)
      .executeTakeFirstOrThrow();
    expect(resealed.client_secret_sealed).not.toBe(row.client_secret_sealed);

    expect((await t.call('DELETE', `CompanySsoIdentityProvider/${created.publicId}`, as)).status).toBe(200);
    expect((await t.call('GET', `CompanySsoIdentityProvider/${created.publicId}`, as)).status).toBe(404);

    const audits = await t.server.db
      .selectFrom('audit_logs')
      .select(['action', 'before', 'after'])
      .where('resource_public_id', '=', created.publicId)
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['CREATE', 'DELETE', 'UPDATE']);
    const audited = JSON.stringify(audits);
    expect(audited).not.toContain(secret);
    expect(audited).not.toContain('another-secret-value');
    expect(audited).not.toContain('clientSecret"');
    for (const answer of [created, changed.body, read.body, list.body])
      expect(JSON.stringify(answer)).not.toContain('secret-value');
  });

  it('refuses bad input with 400 naming the property, and a duplicate name with 409', async () => {
    const { as } = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ issuerUrl: 'ftp://login.example.com' }, 'issuerUrl'],
      [{ issuerUrl: 'https://user:pw@login.example.com' }, 'issuerUrl'],
      [{ issuerUrl: 'https://login.example.com/?x=1' }, 'issuerUrl'],
      [{ issuerUrl: 'not a url' }, 'issuerUrl'],
      [{ clientId: '' }, 'clientId'],
      [{ clientSecret: '' }, 'clientSecret'],
      [{ allowedDomains: [] }, 'allowedDomains'],
      [{ allowedDomains: ['not a domain'] }, 'allowedDomains.0'],
      [{ allowedDomains: ['example.com', 'EXAMPLE.com'] }, 'allowedDomains.1'],
      [{ allowedDomains: Array.from({ length: 21 }, (_, i) => `d${i}.example.com`) }, 'allowedDomains'],
      [{ logoUrl: 'http://cdn.example.com/logo.png' }, 'logoUrl'],
      [{ logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
      [{ extra: true }, ''],
    ];
    for (const [overrides, propertyName] of cases) {
      const response = await t.call('POST', 'CompanySsoIdentityProviderList', {
        ...as,
        body: body(overrides),
      });
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      if (propertyName)
        expect(response.body.data, JSON.stringify(overrides)).toContainEqual(
          expect.objectContaining({ propertyName }),
        );
    }
    const missing = await t.call('POST', 'CompanySsoIdentityProviderList', {
      ...as,
      body: {
        name: 'No secret',
        issuerUrl: 'https://x.example.com',
        clientId: 'c',
        allowedDomains: ['x.com'],
      },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toContainEqual({ message: 'Required property', propertyName: 'clientSecret' });

    const first = await createProvider(as, { name: 'Okta' });
    const again = await t.call('POST', 'CompanySsoIdentityProviderList', {
      ...as,
      body: body({ name: 'OKTA' }),
    });
    expect(again.status).toBe(409);
    expect(again.body.data).toEqual([{ message: 'NAME_ALREADY_IN_USE', propertyName: 'name' }]);
    const other = await createProvider(as, { name: 'Google' });
    const rename = await t.call('PATCH', `CompanySsoIdentityProvider/${other.publicId}`, {
      ...as,
      body: { name: 'okta' },
    });
    expect(rename.status).toBe(409);
    const badPatch = await t.call('PATCH', `CompanySsoIdentityProvider/${first.publicId}`, {
      ...as,
      body: { issuerUrl: 'mailto:x@example.com' },
    });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.data).toContainEqual(expect.objectContaining({ propertyName: 'issuerUrl' }));
  });

  it("answers another company's provider as not found", async () => {
    const mine = await setup();
    const theirs = await setup();
    const provider = await createProvider(theirs.as);
    for (const [method, payload] of [['GET'], ['PATCH', { name: 'Mine now' }], ['DELETE']] as const) {
      const response = await t.call(method, `CompanySsoIdentityProvider/${provider.publicId}`, {
        ...mine.as,
        body: payload,
      });
      expect(response.status).toBe(404);
    }
    const list = await t.call('GET', 'CompanySsoIdentityProviderList', mine.as);
    expect(list.body.data).toEqual([]);
  });
});

describe('SsoIdentityProviderList (public)', () => {
  it("lists the host's company providers, or those of an e-mail domain, and no others", async () => {
    const { company, as } = await setup();
    const domain = `d${t.unique()}.example.net`;
    const provider = await createProvider(as, {
      name: 'Corporate login',
      allowedDomains: [domain],
      logoUrl: 'https://cdn.example.com/corp.svg',
    });
    const unrelated = await setup();
    await createProvider(unrelated.as, { allowedDomains: [`other-${domain}`] });
    const host = `sso-${t.unique()}.example.net`;
    const branding = await t.call('PATCH', 'MyCompanyBranding', { ...as, body: { fqdn: host } });
    expect(branding.status).toBe(200);

    const expected: PublicSsoIdentityProvider = {
      publicId: provider.publicId,
      name: 'Corporate login',
      logo: 'https://cdn.example.com/corp.svg',
      companies: [{ publicId: company.publicId, name: expect.any(String) as string }],
    };
    const byHost = await t.call('GET', 'SsoIdentityProviderList', { headers: { 'Api-Branding': host } });
    expect(byHost.status).toBe(200);
    expect(byHost.body.data).toEqual([expected]);

    const byDomain = await t.call('GET', 'SsoIdentityProviderList', {
      query: { emailDomain: domain.toUpperCase() },
    });
    expect(byDomain.body.data).toEqual([expected]);

    // Neither a host without branding nor no hint at all publishes anybody's providers.
    const plain = await t.call('GET', 'SsoIdentityProviderList');
    expect(plain.status).toBe(200);
    expect(plain.body.data).toEqual([]);
    const unknownHost = await t.call('GET', 'SsoIdentityProviderList', {
      headers: { 'Api-Branding': 'nobody.example.net' },
    });
    expect(unknownHost.body.data).toEqual([]);

    const fields = await t.call('GET', 'SsoIdentityProviderList', {
      query: { emailDomain: domain, fields: 'name' },
    });
    expect(fields.body.data).toEqual([{ publicId: provider.publicId, name: 'Corporate login' }]);
    const bad = await t.call('GET', 'SsoIdentityProviderList', { query: { emailDomain: 'no domain' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([{ message: 'Invalid value', propertyName: 'emailDomain' }]);
    const badFields = await t.call('GET', 'SsoIdentityProviderList', { query: { fields: 'clientId' } });
    expect(badFields.status).toBe(400);
  });
});
