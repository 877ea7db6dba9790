import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Branding, Company, Sector } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { main } from '../../cli.ts';
import { brandingFixtures, pngBytes } from '../branding/branding.test-support.ts';
import { companyCommand, sectorCommand } from './sector.cli.ts';

const t = useTestServer();
const f = brandingFixtures(t);

/** Runs an operator command against the test database, collecting what it prints. */
async function cli(command: 'sector' | 'company', args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io = { log: (line: string) => out.push(line), error: (line: string) => err.push(line) };
  const [sub, ...rest] = args;
  const code =
    command === 'sector'
      ? await sectorCommand(t.server.db, sub!, rest, io, t.server.config.publicUrl)
      : await companyCommand(t.server.db, sub, rest, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function newSector(name: string, options: string[] = []) {
  const created = await cli('sector', ['create', '--name', name, ...options]);
  expect(created.err).toBe('');
  expect(created.code).toBe(0);
  expect(created.out).toMatch(/^[0-9a-z]{12}$/);
  return created.out;
}

const readCompany = async (
  company: { publicId: string; as: { token: string; company: string } },
  fields?: string,
) =>
  t.call('GET', `Company/${company.publicId}`, { ...company.as, ...(fields ? { query: { fields } } : {}) });

describe('sectors and parent companies (operator CLI)', () => {
  it('creates a sector with its branding, prints its id, and lists it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-sector-'));
    const logo = path.join(dir, 'logo.png');
    await writeFile(logo, pngBytes(3, 3));
    const fqdn = f.fqdn('partner');
    const id = await newSector('Acme Partners', [
      '--fqdn',
      fqdn,
      '--primary-color',
      '#123456',
      '--secondary-color',
      '#abcdef',
      '--mode',
      'dark',
      '--title',
      'Acme Remote',
      '--logo',
      logo,
    ]);
    const list = await cli('sector', ['list']);
    expect(list.code).toBe(0);
    expect(list.out).toContain(`${id}  Acme Partners  ${fqdn}  0 companies`);

    // The sector's host now finds its branding.
    const lookup = await f.lookup(fqdn);
    expect(lookup.status).toBe(200);
    expect(lookup.body.data).toEqual([
      expect.objectContaining({
        fqdn,
        theme: { primaryColor: '#123456', secondaryColor: '#abcdef', mode: 'dark' },
        customBrowserTitle: 'Acme Remote',
        logoLight: expect.stringMatching(/^\/api\/BrandingImage\/[0-9a-z]{12}$/),
        vpnReleaseNotesUrl: null,
        owner: { type: 'sector', publicId: id, name: 'Acme Partners' },
      }),
    ]);
    const logoPath = (lookup.body.data as Branding[])[0]!.logoLight!;
    expect((await f.getImage(logoPath)).response.headers.get('content-type')).toBe('image/png');

    // sector branding changes one value and keeps the rest; "" clears one.
    const changed = await cli('sector', [
      'branding',
      '--sector',
      id,
      '--primary-color',
      '#000000',
      '--title',
      '',
    ]);
    expect(changed.code).toBe(0);
    const branding = JSON.parse(changed.out) as Branding;
    expect(branding.theme).toEqual({ primaryColor: '#000000', secondaryColor: '#abcdef', mode: 'dark' });
    expect(branding.customBrowserTitle).toBeNull();
    expect(branding.fqdn).toBe(fqdn);
  });

  it('attaches a company to a sector and detaches it, audited in the company', async () => {
    const sector = await newSector('Detachable');
    const company = await f.company('Member Co');
    const attached = await cli('sector', ['attach', '--sector', sector, '--company', company.publicId]);
    expect(attached).toEqual({
      code: 0,
      out: `Member Co (${company.publicId}) now belongs to Detachable (${sector}).`,
      err: '',
    });
    expect(((await readCompany(company)).body.data as Company).sector).toEqual({
      publicId: sector,
      name: 'Detachable',
    });
    expect((await cli('sector', ['list'])).out).toContain(`${sector}  Detachable  -  1 company`);

    const detached = await cli('sector', ['attach', '--company', company.publicId, '--detach']);
    expect(detached.code).toBe(0);
    expect(((await readCompany(company)).body.data as Company).sector).toBeNull();

    const audit = await t.call('GET', 'AuditLogList', {
      ...company.as,
      query: { filters: 'eq(resource.rel,"Company")', fields: 'action,after' },
    });
    const afters = (audit.body.data as { after: { sector?: unknown } }[]).map((e) => e.after.sector);
    expect(afters).toEqual(expect.arrayContaining([{ publicId: sector, name: 'Detachable' }, null]));
  });

  it('gives a company a parent and refuses a cycle', async () => {
    const parent = await f.company('Parent Co');
    const child = await f.company('Child Co');
    const grandchild = await f.company('Grandchild Co');
    expect(
      (await cli('company', ['parent', '--company', child.publicId, '--parent', parent.publicId])).code,
    ).toBe(0);
    expect(
      (await cli('company', ['parent', '--company', grandchild.publicId, '--parent', child.publicId])).code,
    ).toBe(0);
    expect(((await readCompany(grandchild)).body.data as Company).parentCompany).toEqual({
      publicId: child.publicId,
      name: 'Child Co',
    });
    for (const [company, newParent] of [
      [parent, grandchild],
      [parent, parent],
    ] as const) {
      const cycle = await cli('company', [
        'parent',
        '--company',
        company.publicId,
        '--parent',
        newParent.publicId,
      ]);
      expect(cycle.code).toBe(1);
      expect(cycle.err).toContain('a parent cannot be');
      expect(cycle.err).toContain('Nothing was changed.');
    }
    expect(((await readCompany(parent)).body.data as Company).parentCompany).toBeNull();
    const none = await cli('company', ['parent', '--company', grandchild.publicId, '--parent', 'none']);
    expect(none.out).toBe(`Grandchild Co (${grandchild.publicId}) has no parent company now.`);
    expect(((await readCompany(grandchild)).body.data as Company).parentCompany).toBeNull();
  });

  it('refuses bad input and unknown ids, changing nothing', async () => {
    const company = await f.company();
    const cases: [string[], 'sector' | 'company', number, string][] = [
      [['create'], 'sector', 2, 'sector create needs --name.'],
      [['create', '--name', 'X', '--colour', 'red'], 'sector', 2, "Unknown option '--colour'"],
      [['create', '--name', 'X', '--primary-color', '#123456'], 'sector', 2, 'A theme needs both'],
      [
        [
          'create',
          '--name',
          'X',
          '--mode',
          'sepia',
          '--primary-color',
          '#111111',
          '--secondary-color',
          '#222222',
        ],
        'sector',
        2,
        '--mode is light or dark.',
      ],
      [
        ['create', '--name', 'X', '--fqdn', 'localhost.localdomain'],
        'sector',
        1,
        '--fqdn: Host name not allowed',
      ],
      [['create', '--name', 'X', '--fqdn', 'not a host'], 'sector', 2, '--fqdn: invalid value.'],
      [
        ['create', '--name', 'X', '--logo', '/no/such/file.png'],
        'sector',
        1,
        'Cannot read /no/such/file.png.',
      ],
      [
        ['attach', '--sector', 'zzzzzzzzzzzz', '--company', company.publicId],
        'sector',
        1,
        'No sector has the id zzzzzzzzzzzz.',
      ],
      [['attach', '--sector', 'short', '--company', company.publicId], 'sector', 2, '--sector takes an id'],
      [['attach', '--company', company.publicId], 'sector', 2, 'Give --sector.'],
      [['branding', '--sector', 'zzzzzzzzzzzz', '--title', 'x'], 'sector', 1, 'No sector has the id'],
      [['frobnicate'], 'sector', 2, 'Unknown sector command "frobnicate".'],
      [['parent', '--company', company.publicId], 'company', 2, 'needs --parent'],
      [
        ['parent', '--company', company.publicId, '--parent', 'zzzzzzzzzzzz'],
        'company',
        1,
        'No company has the id',
      ],
      [['adopt'], 'company', 2, 'Unknown company command "adopt".'],
    ];
    for (const [args, command, code, message] of cases) {
      const result = await cli(command, args);
      expect([args.join(' '), result.code]).toEqual([args.join(' '), code]);
      expect(result.err).toContain(message);
    }
    // None of the refused creates left a sector behind.
    expect((await cli('sector', ['list'])).out).not.toMatch(/^[0-9a-z]{12} {2}X {2}/m);
  });

  it('refuses a logo over 512 KB, a favicon over 64 KB and a file that is no image', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'fleetgate-sector-'));
    const big = path.join(dir, 'big.png');
    await writeFile(big, pngBytes(2, 2, [0, 0, 0], 65 * 1024));
    const text = path.join(dir, 'notes.png');
    await writeFile(text, 'not an image');
    const sector = await newSector('Images');
    const favicon = await cli('sector', ['branding', '--sector', sector, '--favicon', big]);
    expect(favicon.code).toBe(1);
    expect(favicon.err).toContain('at most 65536 (64 KB) are allowed');
    const notImage = await cli('sector', ['branding', '--sector', sector, '--logo', text]);
    expect(notImage.code).toBe(1);
    expect(notImage.err).toContain('the image file: Unsupported image type');
    const logo = await cli('sector', ['branding', '--sector', sector, '--logo', big]);
    expect(logo.code).toBe(0);
  });

  it('dispatches the commands from the fleetgate-server CLI and lists them in its usage', async () => {
    const help: string[] = [];
    await main(['--help'], { log: (l) => help.push(l), error: (l) => help.push(l), env: {} });
    for (const usage of [
      'sector create --name',
      'sector attach --sector',
      'sector list',
      'company parent --company',
    ])
      expect(help.join('\n')).toContain(usage);
    const err: string[] = [];
    const code = await main(['sector', 'frobnicate'], { log: () => {}, error: (l) => err.push(l), env: {} });
    expect(code).toBe(2);
    expect(err.join('\n')).toContain('Unknown sector command "frobnicate"');
  });
});

describe('effective branding: own, parent company, sector', () => {
  it('uses the company’s own, else the nearest parent’s, else the sector’s, else none', async () => {
    const sector = await newSector('Fallback Sector', [
      '--primary-color',
      '#0000aa',
      '--secondary-color',
      '#0000bb',
    ]);
    const grandparent = await f.company('Grandparent');
    const parent = await f.company('Parent');
    const child = await f.company('Child');
    await cli('company', ['parent', '--company', parent.publicId, '--parent', grandparent.publicId]);
    await cli('company', ['parent', '--company', child.publicId, '--parent', parent.publicId]);

    const effective = async () => ((await readCompany(child)).body.data as Company).branding;
    expect(await effective()).toBeNull();

    await cli('sector', ['attach', '--sector', sector, '--company', child.publicId]);
    expect(await effective()).toMatchObject({
      theme: { primaryColor: '#0000aa' },
      owner: { type: 'sector', publicId: sector, name: 'Fallback Sector' },
    });

    await f.patchBranding(grandparent.as, { customBrowserTitle: 'Grandparent portal' });
    expect(await effective()).toMatchObject({
      customBrowserTitle: 'Grandparent portal',
      owner: { type: 'company', publicId: grandparent.publicId, name: 'Grandparent' },
    });

    await f.patchBranding(parent.as, { customBrowserTitle: 'Parent portal' });
    expect((await effective())?.owner.publicId).toBe(parent.publicId);

    await f.patchBranding(child.as, {
      theme: { primaryColor: '#00aa00', secondaryColor: '#00bb00', mode: 'light' },
    });
    expect(await effective()).toMatchObject({
      customBrowserTitle: null,
      owner: { publicId: child.publicId },
    });

    // Clearing everything of its own lets the fallbacks apply again.
    await f.patchBranding(child.as, { theme: null });
    expect((await effective())?.owner.publicId).toBe(parent.publicId);

    // A sector of a parent applies when the company's line has no branding at all.
    const plain = await f.company('Plain');
    const plainParent = await f.company('Plain Parent');
    await cli('company', ['parent', '--company', plain.publicId, '--parent', plainParent.publicId]);
    await cli('sector', ['attach', '--sector', sector, '--company', plainParent.publicId]);
    expect(((await readCompany(plain)).body.data as Company).branding?.owner).toEqual({
      type: 'sector',
      publicId: sector,
      name: 'Fallback Sector',
    });
  });

  it('keeps the company’s own release-notes URL whichever branding applies', async () => {
    const parent = await f.company();
    const child = await f.company();
    await cli('company', ['parent', '--company', child.publicId, '--parent', parent.publicId]);
    await f.patchBranding(parent.as, {
      customBrowserTitle: 'P',
      vpnReleaseNotesUrl: 'https://p.example.test/n.json',
    });
    expect(((await readCompany(child)).body.data as Company).branding?.vpnReleaseNotesUrl).toBe(
      'https://p.example.test/n.json',
    );
    await t.call('PATCH', `Company/${child.publicId}`, {
      ...child.as,
      body: { custom: { glbVpnClientReleaseNotesUrl: 'https://c.example.test/n.json' } },
    });
    expect(((await readCompany(child)).body.data as Company).branding).toMatchObject({
      vpnReleaseNotesUrl: 'https://c.example.test/n.json',
      owner: { publicId: parent.publicId },
    });
  });

  it('selects fields such as branding.fqdn; every object keeps its publicId', async () => {
    const company = await f.company();
    const fqdn = f.fqdn();
    const own = await f.patchBranding(company.as, { fqdn, customBrowserTitle: 'T' });
    const read = await readCompany(company, 'branding.fqdn,sector');
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({
      publicId: company.publicId,
      branding: { publicId: (own.body.data as Branding).publicId, fqdn },
      sector: null,
    });
    const bad = await readCompany(company, 'branding.colour');
    expect(bad.status).toBe(400);
    expect((bad.body.data as { propertyName: string }[])[0]?.propertyName).toBe('fields');
  });

  it('answers another company’s Company as not found, and needs a token', async () => {
    const company = await f.company();
    const stranger = await f.company();
    const foreign = await t.call('GET', `Company/${company.publicId}`, { token: stranger.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ type: 'Error', status: 'error', data: [{ message: 'Not found' }] });
    expect((await t.call('GET', `Company/${company.publicId}`)).status).toBe(401);
  });
});

describe('MySector', () => {
  it('answers the sector of the company acted in, with its branding and fields, to any member', async () => {
    const sector = await newSector('Member Sector', ['--title', 'Sector title']);
    const company = await f.company();
    await cli('sector', ['attach', '--sector', sector, '--company', company.publicId]);
    const member = await t.newMember(company);
    const as = { token: member.token, company: company.publicId };
    const response = await t.call('GET', '/api/sectors/me', as);
    expect(response.status).toBe(200);
    expect(response.body.type).toBe('MySector');
    const data = response.body.data as Sector;
    expect(data).toMatchObject({
      publicId: sector,
      name: 'Member Sector',
      branding: { customBrowserTitle: 'Sector title', owner: { type: 'sector', publicId: sector } },
    });
    const some = await t.call('GET', '/api/sectors/me', {
      ...as,
      query: { fields: 'name,branding.customBrowserTitle' },
    });
    expect(some.body.data).toEqual({
      publicId: sector,
      name: 'Member Sector',
      branding: { publicId: data.branding!.publicId, customBrowserTitle: 'Sector title' },
    });
    const discovery = await t.call('GET', '/api');
    expect(
      (discovery.body.data as { rel: string; href: string }[]).find((e) => e.rel === 'MySector')?.href,
    ).toBe(`${t.server.baseUrl}/api/sectors/me`);
  });

  it('answers null branding for a sector without one, and 404 without a sector', async () => {
    const sector = await newSector('Bare Sector');
    const company = await f.company();
    await cli('sector', ['attach', '--sector', sector, '--company', company.publicId]);
    expect((await t.call('GET', '/api/sectors/me', company.as)).body.data).toEqual({
      publicId: sector,
      name: 'Bare Sector',
      branding: null,
    });
    const lone = await f.company();
    const missing = await t.call('GET', '/api/sectors/me', lone.as);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ type: 'Error', status: 'error', data: [{ message: 'Sector not found' }] });
  });

  it('needs a token and a company the user is a member of', async () => {
    const sector = await newSector('Private Sector');
    const company = await f.company();
    await cli('sector', ['attach', '--sector', sector, '--company', company.publicId]);
    expect((await t.call('GET', '/api/sectors/me', { company: company.publicId })).status).toBe(401);
    const noCompany = await t.call('GET', '/api/sectors/me', { token: company.admin.token });
    expect(noCompany.status).toBe(400);
    const stranger = await f.company();
    const foreign = await t.call('GET', '/api/sectors/me', {
      token: stranger.admin.token,
      company: company.publicId,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toEqual([{ message: 'Company not found', propertyName: 'Api-Company' }]);
  });
});
