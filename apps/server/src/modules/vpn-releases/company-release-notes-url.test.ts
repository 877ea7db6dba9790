import { describe, expect, it } from 'vitest';
import type { Company } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

const setting = (url: string | null) => ({ custom: { glbVpnClientReleaseNotesUrl: url } });

describe('Company custom.glbVpnClientReleaseNotesUrl', () => {
  it('defaults to the server’s own release document for every member', async () => {
    const company = await t.newCompany('Acme Water');
    const member = await t.newMember(company, []);
    const response = await t.call('GET', `Company/${company.publicId}`, { token: member.token });
    expect(response.status).toBe(200);
    expect(response.body.type).toBe('Company');
    expect(response.body.data).toEqual({
      publicId: company.publicId,
      name: 'Acme Water',
      custom: { glbVpnClientReleaseNotesUrl: `${t.server.baseUrl}/api/VpnClientReleases` },
      latestTermsOfUse: null,
      customTermsOfUse: false,
      branding: null,
      parentCompany: null,
      sector: null,
    });
    // The default is a working address of the release document.
    const url = (response.body.data as Company).custom.glbVpnClientReleaseNotesUrl;
    const document = await fetch(url, { headers: { 'Api-Version': '2' } });
    expect(document.status).toBe(200);
  });

  it('is set with branding.manage, read by members, audited, and reset with null', async () => {
    const company = await t.newCompany();
    const brander = await t.newMember(company, ['branding.manage']);
    const member = await t.newMember(company, []);
    const url = 'https://releases.example.com/fleetgate/connector.json';

    const patched = await t.call('PATCH', `Company/${company.publicId}`, {
      token: brander.token,
      body: setting(`  ${url}  `),
    });
    expect(patched.status).toBe(200);
    expect((patched.body.data as Company).custom.glbVpnClientReleaseNotesUrl).toBe(url);
    const read = await t.call('GET', `Company/${company.publicId}`, { token: member.token });
    expect((read.body.data as Company).custom.glbVpnClientReleaseNotesUrl).toBe(url);

    // An empty custom object changes nothing.
    const unchanged = await t.call('PATCH', `Company/${company.publicId}`, {
      token: company.admin.token,
      body: { custom: {} },
    });
    expect((unchanged.body.data as Company).custom.glbVpnClientReleaseNotesUrl).toBe(url);

    const reset = await t.call('PATCH', `Company/${company.publicId}`, {
      token: company.admin.token,
      body: setting(null),
    });
    expect(reset.status).toBe(200);
    expect((reset.body.data as Company).custom.glbVpnClientReleaseNotesUrl).toBe(
      `${t.server.baseUrl}/api/VpnClientReleases`,
    );

    const audit = await t.call('GET', 'AuditLogList', {
      token: company.admin.token,
      company: company.publicId,
      query: { filters: `eq(resource.publicId,"${company.publicId}")`, fields: 'action,resource,after' },
    });
    const entries = (audit.body.data as { action: string; after: unknown }[]).filter(
      (e) => e.action === 'UPDATE',
    );
    expect(entries.map((e) => e.after)).toEqual([
      { custom: {} },
      { custom: { glbVpnClientReleaseNotesUrl: url } },
      { custom: { glbVpnClientReleaseNotesUrl: url } },
    ]);
  });

  it('needs branding.manage to change it', async () => {
    const company = await t.newCompany();
    const member = await t.newMember(company, ['agents.manage', 'roles.manage']);
    const response = await t.call('PATCH', `Company/${company.publicId}`, {
      token: member.token,
      body: setting('https://example.com/x.json'),
    });
    expect(response.status).toBe(403);
    expect(response.body.status).toBe('error');
  });

  it('does not find a company the user is not a member of', async () => {
    const mine = await t.newCompany();
    const other = await t.newCompany();
    for (const method of ['GET', 'PATCH'] as const) {
      const body = method === 'PATCH' ? setting('https://example.com/x.json') : undefined;
      const foreign = await t.call(method, `Company/${other.publicId}`, { token: mine.admin.token, body });
      expect(foreign.status).toBe(404);
      // Naming the other company in Api-Company does not help either.
      const withHeader = await t.call(method, `Company/${other.publicId}`, {
        token: mine.admin.token,
        company: mine.publicId,
        body,
      });
      expect(withHeader.status).toBe(404);
      const malformed = await t.call(method, 'Company/not-an-id!', { token: mine.admin.token, body });
      expect(malformed.status).toBe(404);
    }
    const unchanged = await t.call('GET', `Company/${other.publicId}`, { token: other.admin.token });
    expect((unchanged.body.data as Company).custom.glbVpnClientReleaseNotesUrl).toBe(
      `${t.server.baseUrl}/api/VpnClientReleases`,
    );
  });

  it('needs a token', async () => {
    const company = await t.newCompany();
    expect((await t.call('GET', `Company/${company.publicId}`)).status).toBe(401);
    expect((await t.call('PATCH', `Company/${company.publicId}`, { body: setting(null) })).status).toBe(401);
  });

  it.each([
    [setting('ftp://example.com/releases.json'), 'custom.glbVpnClientReleaseNotesUrl'],
    [setting('not a url'), 'custom.glbVpnClientReleaseNotesUrl'],
    [setting(''), 'custom.glbVpnClientReleaseNotesUrl'],
    [setting('javascript:alert(1)'), 'custom.glbVpnClientReleaseNotesUrl'],
    [setting(`https://example.com/${'x'.repeat(2048)}`), 'custom.glbVpnClientReleaseNotesUrl'],
    [{ custom: { glbVpnClientReleaseNotesUrl: 42 } }, 'custom.glbVpnClientReleaseNotesUrl'],
    [{ custom: { other: 'x' } }, 'custom'],
    [{ custom: 'https://example.com' }, 'custom'],
    [{}, 'custom'],
  ])('refuses %j naming %s', async (body, propertyName) => {
    const company = await t.newCompany();
    const response = await t.call('PATCH', `Company/${company.publicId}`, {
      token: company.admin.token,
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body.status).toBe('error');
    expect(response.body.data).toEqual([expect.objectContaining({ propertyName })]);
  });

  it('refuses unknown top-level properties', async () => {
    const company = await t.newCompany();
    const response = await t.call('PATCH', `Company/${company.publicId}`, {
      token: company.admin.token,
      body: { name: 'Renamed', custom: {} },
    });
    expect(response.status).toBe(400);
    expect(response.body.data).toEqual([expect.objectContaining({ message: 'Unknown property: name' })]);
  });
});
