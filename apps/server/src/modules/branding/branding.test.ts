import { describe, expect, it } from 'vitest';
import type { Branding, Company } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { rawRequest } from '../../../test/raw-http.ts';
import { brandingFixtures, pngBytes } from './branding.test-support.ts';

const t = useTestServer();
const f = brandingFixtures(t);

const errorOf = (status: number, message: string, propertyName?: string) => ({
  status,
  body: {
    type: 'Error',
    status: 'error',
    data: [{ message, ...(propertyName === undefined ? {} : { propertyName }) }],
  },
});
const statusAndBody = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });

describe('MyCompanyBranding', () => {
  it('answers all-null values for a company without branding, to every member', async () => {
    const company = await f.company('Acme Water');
    const member = await t.newMember(company);
    const response = await t.call('GET', 'MyCompanyBranding', {
      token: member.token,
      company: company.publicId,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      type: 'MyCompanyBranding',
      status: 'success',
      data: {
        publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
        fqdn: null,
        theme: null,
        logoLight: null,
        logoDark: null,
        favicon: null,
        customBrowserTitle: null,
        appStoreLinks: { android: null, ios: null },
        supportedPlatforms: [],
        vpnReleaseNotesUrl: null,
        owner: { type: 'company', publicId: company.publicId, name: 'Acme Water' },
      },
    });
    // The same publicId on the next read.
    const again = await t.call('GET', 'MyCompanyBranding', company.as);
    expect((again.body.data as Branding).publicId).toBe((response.body.data as Branding).publicId);
  });

  it('changes every value with branding.manage, audited, and clears them with null', async () => {
    const company = await f.company();
    const fqdn = f.fqdn();
    const changed = await f.patchBranding(company.as, {
      fqdn: `  ${fqdn.toUpperCase()} `,
      theme: { primaryColor: '#AA0000', secondaryColor: '#00aa00', mode: 'dark' },
      customBrowserTitle: ' Acme Portal ',
      appStoreLinks: { android: 'com.acme.portal', ios: 'https://apps.apple.com/app/id123456789' },
      supportedPlatforms: ['windows', 'linux', 'windows'],
      vpnReleaseNotesUrl: 'https://acme.example.com/vpn-releases.json',
    });
    expect(changed.status).toBe(200);
    const branding = changed.body.data as Branding;
    expect(branding).toMatchObject({
      fqdn,
      theme: { primaryColor: '#aa0000', secondaryColor: '#00aa00', mode: 'dark' },
      customBrowserTitle: 'Acme Portal',
      appStoreLinks: { android: 'com.acme.portal', ios: 'https://apps.apple.com/app/id123456789' },
      supportedPlatforms: ['windows', 'linux'],
      vpnReleaseNotesUrl: 'https://acme.example.com/vpn-releases.json',
    });
    expect((await t.call('GET', 'MyCompanyBranding', company.as)).body.data).toEqual(branding);

    // Leaving a value out keeps it; one store link changes alone.
    const android = await f.patchBranding(company.as, { appStoreLinks: { android: null } });
    expect((android.body.data as Branding).appStoreLinks).toEqual({
      android: null,
      ios: 'https://apps.apple.com/app/id123456789',
    });
    expect((android.body.data as Branding).fqdn).toBe(fqdn);

    const cleared = await f.patchBranding(company.as, {
      fqdn: null,
      theme: null,
      customBrowserTitle: null,
      vpnReleaseNotesUrl: null,
      supportedPlatforms: [],
    });
    expect(cleared.body.data).toMatchObject({
      fqdn: null,
      theme: null,
      customBrowserTitle: null,
      vpnReleaseNotesUrl: null,
      supportedPlatforms: [],
    });

    const audit = await t.call('GET', 'AuditLogList', {
      ...company.as,
      query: { filters: 'eq(resource.rel,"MyCompanyBranding")', fields: 'action,resource,after' },
    });
    const entries = audit.body.data as { action: string; resource: { publicId: string }; after: Branding }[];
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.action === 'UPDATE' && e.resource.publicId === branding.publicId)).toBe(
      true,
    );
  });

  it('shares the release-notes URL with PATCH Company (one storage)', async () => {
    const company = await f.company();
    const url = 'https://acme.example.com/notes.json';
    await t.call('PATCH', `Company/${company.publicId}`, {
      ...company.as,
      body: { custom: { glbVpnClientReleaseNotesUrl: url } },
    });
    expect(
      ((await t.call('GET', 'MyCompanyBranding', company.as)).body.data as Branding).vpnReleaseNotesUrl,
    ).toBe(url);
    const other = 'https://acme.example.com/other.json';
    await f.patchBranding(company.as, { vpnReleaseNotesUrl: other });
    const read = await t.call('GET', `Company/${company.publicId}`, company.as);
    expect((read.body.data as Company).custom.glbVpnClientReleaseNotesUrl).toBe(other);
  });

  it('needs a token, Api-Company and (to change) branding.manage', async () => {
    const company = await f.company();
    expect((await t.call('GET', 'MyCompanyBranding')).status).toBe(401);
    expect((await t.call('PATCH', 'MyCompanyBranding', { body: {} })).status).toBe(401);
    const noCompany = await t.call('GET', 'MyCompanyBranding', { token: company.admin.token });
    expect(statusAndBody(noCompany)).toEqual(errorOf(400, 'No company selected', 'Api-Company'));
    const member = await t.newMember(company, ['users.invite']);
    const refused = await f.patchBranding(
      { token: member.token, company: company.publicId },
      { customBrowserTitle: 'Mine' },
    );
    expect(statusAndBody(refused)).toEqual(errorOf(403, 'Missing capability'));
    const manager = await t.newMember(company, ['branding.manage']);
    const allowed = await f.patchBranding(
      { token: manager.token, company: company.publicId },
      { customBrowserTitle: 'Mine' },
    );
    expect(allowed.status).toBe(200);
    // Another company's member cannot act in this one.
    const stranger = await f.company();
    const foreign = await t.call('GET', 'MyCompanyBranding', {
      token: stranger.admin.token,
      company: company.publicId,
    });
    expect(statusAndBody(foreign)).toEqual(errorOf(404, 'Company not found', 'Api-Company'));
  });

  it.each([
    [{ fqdn: 'not a host' }, 'fqdn', 'Value does not match regex expression'],
    [{ fqdn: 'nodot' }, 'fqdn', 'Value does not match regex expression'],
    [
      { theme: { primaryColor: 'red', secondaryColor: '#000000', mode: 'light' } },
      'theme.primaryColor',
      undefined,
    ],
    [
      { theme: { primaryColor: '#000000', secondaryColor: '#000000', mode: 'sepia' } },
      'theme.mode',
      undefined,
    ],
    [{ theme: { primaryColor: '#000000' } }, 'theme.secondaryColor', 'Required property'],
    [{ customBrowserTitle: 'x'.repeat(256) }, 'customBrowserTitle', 'Too long: at most 255 characters'],
    [{ appStoreLinks: { ios: 'https://example.com/not-a-store' } }, 'appStoreLinks.ios', 'Invalid value'],
    [{ appStoreLinks: { android: 'javascript:alert(1)' } }, 'appStoreLinks.android', 'Invalid value'],
    [{ supportedPlatforms: ['amiga'] }, 'supportedPlatforms.0', undefined],
    [{ vpnReleaseNotesUrl: 'javascript:alert(1)' }, 'vpnReleaseNotesUrl', 'Invalid value'],
    [{ owner: { type: 'sector' } }, undefined, 'Unknown property: owner'],
  ])('refuses %j with propertyName %s', async (body, propertyName, message) => {
    const company = await f.company();
    const response = await f.patchBranding(company.as, body);
    expect(response.status).toBe(400);
    const [error] = response.body.data as { message: string; propertyName?: string }[];
    expect(error?.propertyName).toBe(propertyName);
    if (message) expect(error?.message).toBe(message);
  });

  it('refuses blocklisted host names as fqdn (400)', async () => {
    const company = await f.company();
    for (const fqdn of ['localhost.localdomain', 'Example.COM', 'github.com', 'ip6-localhost.']) {
      const response = await f.patchBranding(company.as, { fqdn });
      if (fqdn.endsWith('.')) {
        // A trailing dot is no DNS name the pattern takes.
        expect(response.status).toBe(400);
        continue;
      }
      expect([fqdn, statusAndBody(response)]).toEqual([fqdn, errorOf(400, 'Host name not allowed', 'fqdn')]);
    }
    expect(((await t.call('GET', 'MyCompanyBranding', company.as)).body.data as Branding).fqdn).toBeNull();
  });

  it('keeps an fqdn unique across the instance, whatever its case (409 Duplicate)', async () => {
    const a = await f.company();
    const b = await f.company();
    const fqdn = f.fqdn();
    expect((await f.patchBranding(a.as, { fqdn })).status).toBe(200);
    const taken = await f.patchBranding(b.as, { fqdn: fqdn.toUpperCase() });
    expect(statusAndBody(taken)).toEqual(errorOf(409, 'Duplicate', 'fqdn'));
    // Setting the owner's own value again is no conflict.
    expect((await f.patchBranding(a.as, { fqdn })).status).toBe(200);
    // Two companies racing for one new name: one wins, the other gets the same 409.
    const name = f.fqdn();
    const race = await Promise.all([
      f.patchBranding(a.as, { fqdn: name }),
      f.patchBranding(b.as, { fqdn: name }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(race.find((r) => r.status === 409)?.body.data).toEqual([
      { message: 'Duplicate', propertyName: 'fqdn' },
    ]);
  });
});

describe('MyCompanyBranding on an instance at https://fleet.example.test', () => {
  const own = useTestServer({
    config: {
      publicUrl: 'https://fleet.example.test',
      allowedHosts: ['127.0.0.1', 'fleet-alias.example.test:8443', '*.ops.example.test'],
    },
  });
  const g = brandingFixtures(own);

  it('refuses PUBLIC_URL’s own host as a company’s fqdn (400)', async () => {
    const company = await g.company();
    for (const fqdn of ['fleet.example.test', 'FLEET.example.test']) {
      const response = await g.patchBranding(company.as, { fqdn });
      expect(statusAndBody(response)).toEqual(errorOf(400, 'Host name not allowed', 'fqdn'));
    }
    expect(
      (await g.patchBranding(company.as, { fqdn: `acme-${own.unique()}.fleet.example.test` })).status,
    ).toBe(200);
  });

  it('refuses the operator’s other host names (ALLOWED_HOSTS, wildcards included) as a company’s fqdn', async () => {
    const company = await g.company();
    for (const fqdn of ['fleet-alias.example.test', 'eu.ops.example.test']) {
      const response = await g.patchBranding(company.as, { fqdn });
      expect(statusAndBody(response)).toEqual(errorOf(400, 'Host name not allowed', 'fqdn'));
    }
  });
});

describe('branding images', () => {
  it('stores an upload by its real type, serves it cached for good, and replaces it with a new id', async () => {
    const company = await f.company();
    const png = pngBytes(4, 4);
    // A PNG sent as image/jpeg is stored as what it is.
    const put = await f.putImage(company.as, 'logoLight', png, 'image/jpeg');
    expect(put.status).toBe(200);
    const branding = put.body.data as Branding;
    expect(branding.logoLight).toMatch(/^\/api\/BrandingImage\/[0-9a-z]{12}$/);

    const { response, bytes } = await f.getImage(branding.logoLight!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(bytes).equals(png)).toBe(true);

    const replaced = await f.putImage(company.as, 'logoLight', pngBytes(8, 8));
    const newPath = (replaced.body.data as Branding).logoLight!;
    expect(newPath).not.toBe(branding.logoLight);
    expect((await f.getImage(branding.logoLight!)).response.status).toBe(404);
    expect((await f.getImage(newPath)).response.status).toBe(200);

    const removed = await t.call('DELETE', '/api/MyCompanyBrandingImage/logoLight', company.as);
    expect(removed.status).toBe(200);
    expect((removed.body.data as Branding).logoLight).toBeNull();
    expect((await f.getImage(newPath)).response.status).toBe(404);

    const audit = await t.call('GET', 'AuditLogList', {
      ...company.as,
      query: { filters: 'eq(resource.rel,"MyCompanyBranding")', fields: 'action,before,after' },
    });
    const trail = (audit.body.data as { before: Branding; after: Branding }[]).map((e) => [
      e.before.logoLight,
      e.after.logoLight,
    ]);
    expect(trail).toEqual(
      expect.arrayContaining([
        [null, branding.logoLight],
        [branding.logoLight, newPath],
        [newPath, null],
      ]),
    );
  });

  it.each([
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...Buffer.from('JFIF\0')]), 'image/jpeg'],
    [
      'WebP',
      Buffer.concat([Buffer.from('RIFF\x24\0\0\0WEBPVP8 ', 'latin1'), Buffer.alloc(24)]),
      'image/webp',
    ],
    [
      'ICO',
      Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0, 0, 0, 0, 22, 0, 0, 0]),
      'image/x-icon',
    ],
  ])('accepts a %s favicon and serves it as %s', async (_name, bytes, type) => {
    const company = await f.company();
    const put = await f.putImage(company.as, 'favicon', bytes, 'application/octet-stream');
    expect(put.status).toBe(200);
    const { response } = await f.getImage((put.body.data as Branding).favicon!);
    expect(response.headers.get('content-type')).toBe(type);
  });

  it('refuses what is no image, whatever its Content-Type says (400 file)', async () => {
    const company = await f.company();
    for (const bytes of [
      Buffer.from('just some text, not a picture'),
      Buffer.from('<html><svg></svg></html>'),
    ]) {
      const put = await f.putImage(company.as, 'logoDark', bytes, 'image/png');
      expect(statusAndBody(put)).toEqual(
        errorOf(400, 'Unsupported image type: use PNG, JPEG, WebP, ICO or SVG', 'file'),
      );
    }
    const empty = await f.putImage(company.as, 'logoDark', Buffer.alloc(0));
    expect(statusAndBody(empty)).toEqual(errorOf(400, 'Required property', 'file'));
    expect(
      ((await t.call('GET', 'MyCompanyBranding', company.as)).body.data as Branding).logoDark,
    ).toBeNull();
  });

  it('refuses a favicon over 64 KB and a logo over 512 KB, declared or chunked (413 file)', async () => {
    const company = await f.company();
    const tooLarge = errorOf(413, 'File too large: a logo may have 512 KB, a favicon 64 KB', 'file');
    const favicon = pngBytes(2, 2, [1, 2, 3], 65 * 1024);
    expect(statusAndBody(await f.putImage(company.as, 'favicon', favicon))).toEqual(tooLarge);
    expect(statusAndBody(await f.putImage(company.as, 'favicon', favicon, 'image/png', true))).toEqual(
      tooLarge,
    );
    const logo = pngBytes(2, 2, [1, 2, 3], 513 * 1024);
    expect(statusAndBody(await f.putImage(company.as, 'logoLight', logo))).toEqual(tooLarge);
    expect(statusAndBody(await f.putImage(company.as, 'logoLight', logo, 'image/png', true))).toEqual(
      tooLarge,
    );
    // Just within the limits.
    const fits = pngBytes(2, 2, [1, 2, 3], 60 * 1024);
    expect((await f.putImage(company.as, 'favicon', fits)).status).toBe(200);
    expect((await f.putImage(company.as, 'logoLight', pngBytes(2, 2, [1, 2, 3], 500 * 1024))).status).toBe(
      200,
    );
  });

  it('sanitises an SVG (scripts, handlers, foreign links gone) and serves it with a strict CSP', async () => {
    const company = await f.company();
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <a href="javascript:alert(3)"><rect width="10" height="10" fill="#0066cc" onclick="alert(4)"/></a>
  <image href="https://tracker.example/pixel.png"/>
  <foreignObject><div>html</div></foreignObject>
  <circle cx="5" cy="5" r="2" fill="#ffffff"/>
</svg>`;
    const put = await f.putImage(company.as, 'logoLight', Buffer.from(svg), 'image/svg+xml');
    expect(put.status).toBe(200);
    const { response, bytes } = await f.getImage((put.body.data as Branding).logoLight!);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    const served = Buffer.from(bytes).toString('utf8');
    expect(served).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(served).toContain('<circle');
    expect(served).toContain('<rect');
    for (const gone of [
      'script',
      'alert',
      'onload',
      'onclick',
      'javascript',
      'tracker.example',
      'foreignObject',
    ])
      expect(served).not.toContain(gone);
  });

  it('removes CSS that fetches: @import and remote url(), also escaped or split by comments', async () => {
    const company = await f.company();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
  <style>
    @import url(https://evil.example/a.css);
    @\\69mport "https://evil.example/b.css";
    @IMPORT/**/'https://evil.example/c.css';
    @font-face { font-family: x; src: url(https://evil.example/f.woff) }
    .bg { fill: u\\72l(https://evil.example/d.png); stroke: #112233 }
    .fg { fill: url(#grad); background: image-set("https://evil.example/e.png" 1x) }
    @media (min-width: 1px) { .dot { fill: URL( 'https://evil.example/g.png' ); opacity: 0.5 } }
  </style>
  <linearGradient id="grad"><stop offset="0" stop-color="#ff0000"/></linearGradient>
  <rect class="bg" width="10" height="10" style="fill: url(https://evil.example/h.png); stroke-width: 2"/>
  <circle class="fg" cx="5" cy="5" r="2" fill="url(https://evil.example/i.svg#x)" filter="url(#grad)"/>
</svg>`;
    const put = await f.putImage(company.as, 'logoLight', Buffer.from(svg), 'image/svg+xml');
    expect(put.status).toBe(200);
    const { bytes } = await f.getImage((put.body.data as Branding).logoLight!);
    const served = Buffer.from(bytes).toString('utf8');
    for (const gone of ['evil.example', 'import', 'IMPORT', '69mport', 'font-face', 'image-set', '72l'])
      expect(served, gone).not.toContain(gone);
    // What fetches nothing is kept: colours, same-image references, media rules.
    for (const kept of [
      'stroke: #112233',
      'fill: url(#grad)',
      'opacity: 0.5',
      'stroke-width: 2',
      'filter="url(#grad)"',
    ])
      expect(served, kept).toContain(kept);
  });

  it('refuses an SVG with nothing left to draw once sanitised (400 file)', async () => {
    const company = await f.company();
    for (const svg of [
      '<svg><<<<',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      // Nested far deeper than any logo: refused before the recursive parser sees it.
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(20_000)}<rect width="1" height="1"/>${'</g>'.repeat(20_000)}</svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(6000)}</svg>`,
    ]) {
      const put = await f.putImage(company.as, 'logoLight', Buffer.from(svg), 'image/svg+xml');
      expect(statusAndBody(put)).toEqual(errorOf(400, 'SVG image could not be read', 'file'));
    }
  });

  it('needs a token, branding.manage and a known slot', async () => {
    const company = await f.company();
    const png = pngBytes();
    expect((await f.putImage({ token: 'nope', company: company.publicId }, 'logoLight', png)).status).toBe(
      401,
    );
    const member = await t.newMember(company);
    const refused = await f.putImage({ token: member.token, company: company.publicId }, 'logoLight', png);
    expect(statusAndBody(refused)).toEqual(errorOf(403, 'Missing capability'));
    const deleteRefused = await t.call('DELETE', '/api/MyCompanyBrandingImage/favicon', {
      token: member.token,
      company: company.publicId,
    });
    expect(deleteRefused.status).toBe(403);
    expect((await f.putImage(company.as, 'banner', png)).status).toBe(404);
    const stranger = await f.company();
    const foreign = await f.putImage(
      { token: stranger.admin.token, company: company.publicId },
      'favicon',
      png,
    );
    expect(foreign.status).toBe(404);
  });

  it('answers an unknown image id with a 404 in the wire format, without Api-Version', async () => {
    for (const id of ['zzzzzzzzzzzz', 'ABC', '..%2f..%2fetc']) {
      const { response, bytes } = await f.getImage(`/api/BrandingImage/${id}`);
      expect([id, response.status]).toEqual([id, 404]);
      expect(JSON.parse(Buffer.from(bytes).toString())).toEqual(errorOf(404, 'Not found').body);
    }
  });
});

describe('BrandingList (public lookup by host)', () => {
  it('finds the branding whose fqdn is the host, in any case, with a port or a trailing dot', async () => {
    const company = await f.company('Lookup Co');
    const fqdn = f.fqdn();
    await f.patchBranding(company.as, {
      fqdn,
      theme: { primaryColor: '#112233', secondaryColor: '#445566', mode: 'light' },
    });
    for (const host of [fqdn, fqdn.toUpperCase(), `${fqdn}:8443`, `${fqdn}.`]) {
      const response = await f.lookup(host);
      expect([host, response.status]).toEqual([host, 200]);
      expect(response.body.type).toBe('BrandingList');
      expect(response.body.data).toEqual([
        expect.objectContaining({
          fqdn,
          owner: { type: 'company', publicId: company.publicId, name: 'Lookup Co' },
        }),
      ]);
    }
    const some = await f.lookup(fqdn, { fields: 'theme(primaryColor),owner.name' });
    expect(some.body.data).toEqual([
      {
        publicId: expect.any(String),
        theme: { primaryColor: '#112233' },
        owner: { publicId: company.publicId, name: 'Lookup Co' },
      },
    ]);
  });

  it('errors out: 400 without the host header, 404 for an unknown or blocklisted host, 400 for bad fields', async () => {
    expect(statusAndBody(await f.lookup(undefined))).toEqual(
      errorOf(400, 'Required property', 'Api-Branding'),
    );
    expect(statusAndBody(await f.lookup('   '))).toEqual(errorOf(400, 'Required property', 'Api-Branding'));
    expect(statusAndBody(await f.lookup(f.fqdn()))).toEqual(errorOf(404, 'Not found'));
    for (const host of ['localhost', 'LOCALHOST.', '127.0.0.1', 'example.com:443', '[::1]'])
      expect([host, statusAndBody(await f.lookup(host))]).toEqual([host, errorOf(404, 'Not found')]);
    const badFields = await f.lookup('anything.example.test', { fields: 'nope' });
    expect(badFields.status).toBe(400);
    expect((badFields.body.data as { propertyName: string }[])[0]?.propertyName).toBe('fields');
  });

  it('finds a blocklisted name even if one got into the database, as not found', async () => {
    const company = await f.company();
    await f.patchBranding(company.as, { customBrowserTitle: 'x' });
    // Only a direct write can store one; the lookup still refuses it.
    await f
      .db()
      .updateTable('brandings')
      .set({ fqdn: 'apple.com' })
      .where('company_id', '=', company.id)
      .execute();
    expect((await f.lookup('apple.com')).status).toBe(404);
    await f.db().updateTable('brandings').set({ fqdn: null }).where('company_id', '=', company.id).execute();
  });
});

describe('BrandingList rate limit', () => {
  const limited = useTestServer({ brandingLookupsPerAddressPerMinute: 3 });

  it('answers 429 with Retry-After once an address spent its lookups, before any database work', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await limited.call('GET', 'BrandingList', {
        headers: { 'Api-Branding': 'nowhere.example.test' },
      });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    // The public legal texts tell host owners apart too: they spend the same lookups.
    for (const rel of ['PublicTermsOfUse', 'PublicPrivacyStatement'])
      expect(
        (await limited.call('GET', rel, { headers: { 'Api-Branding': 'nowhere.example.test' } })).status,
      ).toBe(429);
  });
});

describe('a branding host', () => {
  it('is served (not 421) once claimed, with discovery hrefs on that host; others stay 421', async () => {
    const company = await f.company();
    const fqdn = f.fqdn();
    const port = new URL(t.server.baseUrl).port;
    const before = await rawRequest(t.server.baseUrl, { path: '/api', host: `${fqdn}:${port}` });
    expect(before.status).toBe(421);

    await f.patchBranding(company.as, { fqdn });
    const discovery = await rawRequest(t.server.baseUrl, {
      path: '/api',
      host: `${fqdn.toUpperCase()}:${port}`,
    });
    expect(discovery.status).toBe(200);
    const hrefs = (JSON.parse(discovery.text) as { data: { rel: string; href: string }[] }).data;
    expect(hrefs.length).toBeGreaterThan(10);
    for (const { href } of hrefs) expect(href.startsWith(`http://${fqdn}:${port}/api/`)).toBe(true);
    expect(hrefs.find((e) => e.rel === 'BrandingList')?.href).toBe(`http://${fqdn}:${port}/api/BrandingList`);

    // PUBLIC_URL's host keeps PUBLIC_URL's hrefs; an unregistered host is refused, on any port.
    const own = await t.call('GET', '/api');
    for (const { href } of own.body.data as { href: string }[])
      expect(href.startsWith(t.server.baseUrl)).toBe(true);
    expect((await rawRequest(t.server.baseUrl, { path: '/api', host: `other-${fqdn}:${port}` })).status).toBe(
      421,
    );
    expect((await rawRequest(t.server.baseUrl, { path: '/api', host: `${fqdn}:1` })).status).toBe(421);

    // The company's settings name the release document on the host the page came from.
    const read = await rawRequest(t.server.baseUrl, {
      path: `/api/Company/${company.publicId}?fields=custom`,
      host: `${fqdn}:${port}`,
      headers: { Authorization: `Bearer ${company.admin.token}` },
    });
    expect((JSON.parse(read.text) as { data: Company }).data.custom.glbVpnClientReleaseNotesUrl).toBe(
      `http://${fqdn}:${port}/api/VpnClientReleases`,
    );

    // The API reference there calls that host too.
    const openapi = await rawRequest(t.server.baseUrl, {
      path: '/api/openapi.json',
      host: `${fqdn}:${port}`,
    });
    expect((JSON.parse(openapi.text) as { servers: { url: string }[] }).servers).toEqual([
      { url: `http://${fqdn}:${port}` },
    ]);

    // E-mails keep linking to PUBLIC_URL, whichever host the request came through.
    const emailAddress = `via-fqdn-${t.unique()}@example.com`;
    const registered = await rawRequest(t.server.baseUrl, {
      method: 'POST',
      path: '/api/RegistrationList',
      host: `${fqdn}:${port}`,
      body: { name: 'Via Host', emailAddress, password: `pw-${t.unique()}-long` },
    });
    expect(registered.status).toBe(202);
    const [mail] = await t.mailsTo(emailAddress);
    expect(mail).toContain(`${t.server.config.publicUrl}/register/confirm#`);
    expect(mail).not.toContain(fqdn);

    // Releasing the name stops serving it at once.
    await f.patchBranding(company.as, { fqdn: null });
    expect((await rawRequest(t.server.baseUrl, { path: '/api', host: `${fqdn}:${port}` })).status).toBe(421);
  });
});
