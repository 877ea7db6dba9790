import { describe, expect, it } from 'vitest';
import { appKeys, type CompanyApp, type LiveEvent } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';

const t = useTestServer();

type As = { token: string; company: string };

async function setup() {
  const company = await t.newCompany();
  const admin: As = { token: company.admin.token, company: company.publicId };
  const plain = await t.newMember(company, []);
  const member: As = { token: plain.token, company: company.publicId };
  return { company, admin, member };
}

async function install(as: As, app: string) {
  const response = await t.call('POST', `AppInstall/${app}`, as);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as CompanyApp;
}

async function appList(as: As) {
  const response = await t.call('GET', 'AppList', as);
  expect(response.status).toBe(200);
  return response.body.data as CompanyApp[];
}

const errorOf = (response: { body: { data: unknown } }) => response.body.data;

describe('AppList and AppInstall (reading)', () => {
  it('lists the whole catalogue to every member, each with a description, what it needs and default settings', async () => {
    const { member } = await setup();
    const apps = await appList(member);
    expect(apps.map((app) => app.publicId)).toEqual([...appKeys]);
    expect(apps[0]).toEqual({
      publicId: 'dataLogging',
      name: 'Data logging',
      description: expect.any(String),
      needs: 'A logging licence or a trial per device',
      installed: false,
      installedOn: null,
      config: { retentionDays: 365 },
    });
    expect(apps.find((app) => app.publicId === 'webAccess')?.needs).toBe('Devices with an HTTP service');
    expect(Object.fromEntries(apps.map((app) => [app.publicId, app.config]))).toEqual({
      dataLogging: { retentionDays: 365 },
      alarming: { emailNotifications: true },
      reports: { timeZone: 'UTC' },
      webAccess: { allowSelfSignedCertificates: false },
      backendComponents: {},
    });
    for (const app of apps) expect(app.description.length).toBeGreaterThan(20);
  });

  it('selects fields (publicId always comes back) and refuses unknown ones', async () => {
    const { member } = await setup();
    const named = await t.call('GET', 'AppList', { ...member, query: { fields: 'name' } });
    expect((named.body.data as unknown[])[1]).toEqual({ publicId: 'alarming', name: 'Alarming' });
    const unknown = await t.call('GET', 'AppList', { ...member, query: { fields: 'price' } });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toEqual([expect.objectContaining({ propertyName: 'fields' })]);
  });

  it('reads one catalogue entry with fields name,publicId, and answers 404 for an app the catalogue lacks', async () => {
    const { member } = await setup();
    const one = await t.call('GET', 'AppInstall/reports', { ...member, query: { fields: 'name,publicId' } });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      type: 'AppInstall',
      status: 'success',
      data: { publicId: 'reports', name: 'Reports' },
    });
    const whole = await t.call('GET', 'AppInstall/reports', member);
    expect(whole.body.data).toEqual(
      expect.objectContaining({ installed: false, config: { timeZone: 'UTC' } }),
    );
    for (const path of ['AppInstall/spreadsheets', 'AppInstall/DATALOGGING', 'AppInstall/toString']) {
      const missing = await t.call('GET', path, member);
      expect(missing.status, path).toBe(404);
      expect(errorOf(missing)).toEqual([{ message: 'Not found' }]);
    }
  });

  it('answers 401 without a token and 400 without a company; another company is not found', async () => {
    const { admin } = await setup();
    const stranger = await t.newUser();
    expect((await t.call('GET', 'AppList', { company: admin.company })).status).toBe(401);
    expect((await t.call('POST', 'AppInstall/reports', { company: admin.company })).status).toBe(401);
    const noCompany = await t.call('GET', 'AppList', { token: admin.token });
    expect(noCompany.status).toBe(400);
    expect(errorOf(noCompany)).toEqual([expect.objectContaining({ propertyName: 'Api-Company' })]);
    const foreign = await t.call('POST', 'AppInstall/reports', {
      token: stranger.token,
      company: admin.company,
    });
    expect(foreign.status).toBe(404);
    expect((await appList(admin)).find((app) => app.publicId === 'reports')?.installed).toBe(false);
  });
});

describe('AppInstall, AppUninstall and AppConfigUpdate', () => {
  it('installs with no body (201), shows it installed to every member, and refuses a second install (409)', async () => {
    const { admin, member } = await setup();
    const before = Date.now();
    const installed = await install(admin, 'dataLogging');
    expect(installed).toEqual(
      expect.objectContaining({ publicId: 'dataLogging', installed: true, config: { retentionDays: 365 } }),
    );
    expect(Date.parse(installed.installedOn!)).toBeGreaterThanOrEqual(before - 1000);
    const listed = (await appList(member)).filter((app) => app.installed);
    expect(listed).toEqual([installed]);

    const again = await t.call('POST', 'AppInstall/dataLogging', admin);
    expect(again.status).toBe(409);
    expect(errorOf(again)).toEqual([{ message: 'Already installed', propertyName: 'publicId' }]);
    expect(await appList(member)).toContainEqual(installed);
  });

  it('lets exactly one of two parallel installs win', async () => {
    const { admin } = await setup();
    const statuses = await Promise.all(
      [0, 1, 2].map(async () => (await t.call('POST', 'AppInstall/alarming', admin)).status),
    );
    expect(statuses.sort()).toEqual([201, 409, 409]);
  });

  it('needs apps.manage to install, uninstall and configure (403), changing nothing', async () => {
    const { company, admin, member } = await setup();
    const viewer = await t.newMember(company, ['users.invite', 'licences.manage']);
    await install(admin, 'reports');
    for (const as of [member, { token: viewer.token, company: company.publicId }]) {
      const installing = await t.call('POST', 'AppInstall/alarming', as);
      expect(installing.status).toBe(403);
      expect(errorOf(installing)).toEqual([{ message: 'Missing capability' }]);
      expect((await t.call('DELETE', 'AppUninstall/reports', as)).status).toBe(403);
      const configuring = await t.call('PATCH', 'AppConfigUpdate', {
        ...as,
        body: { publicId: 'reports', config: { timeZone: 'Europe/Berlin' } },
      });
      expect(configuring.status).toBe(403);
    }
    const apps = await appList(member);
    expect(apps.filter((app) => app.installed).map((app) => app.publicId)).toEqual(['reports']);
    expect(apps.find((app) => app.publicId === 'reports')?.config).toEqual({ timeZone: 'UTC' });

    const manager = await t.newMember(company, ['apps.manage']);
    const allowed = await t.call('POST', 'AppInstall/alarming', {
      token: manager.token,
      company: company.publicId,
    });
    expect(allowed.status).toBe(201);
  });

  it('answers 404 for an unknown app on install, uninstall and configure', async () => {
    const { admin } = await setup();
    expect((await t.call('POST', 'AppInstall/chat', admin)).status).toBe(404);
    expect((await t.call('DELETE', 'AppUninstall/chat', admin)).status).toBe(404);
    const configuring = await t.call('PATCH', 'AppConfigUpdate', {
      ...admin,
      body: { publicId: 'chat', config: {} },
    });
    expect(configuring.status).toBe(404);
    expect(errorOf(configuring)).toEqual([{ message: 'Not found', propertyName: 'publicId' }]);
  });

  it('uninstalls (the app leaves the installed list), keeping the other installations; twice is a 409', async () => {
    const { admin, member } = await setup();
    const other = await setup();
    await install(admin, 'dataLogging');
    await install(admin, 'alarming');
    await t.call('PATCH', 'AppConfigUpdate', {
      ...admin,
      body: { publicId: 'alarming', config: { emailNotifications: false } },
    });
    await install(other.admin, 'dataLogging');

    const removed = await t.call('DELETE', 'AppUninstall/dataLogging', admin);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual(
      expect.objectContaining({ publicId: 'dataLogging', installed: false, installedOn: null }),
    );
    const apps = await appList(member);
    expect(apps.filter((app) => app.installed).map((app) => [app.publicId, app.config])).toEqual([
      ['alarming', { emailNotifications: false }],
    ]);
    // Another company's installation of the same app is untouched.
    expect((await appList(other.member)).find((app) => app.publicId === 'dataLogging')?.installed).toBe(true);

    const twice = await t.call('DELETE', 'AppUninstall/dataLogging', admin);
    expect(twice.status).toBe(409);
    expect(errorOf(twice)).toEqual([{ message: 'Not installed', propertyName: 'publicId' }]);
    // Installing again starts from the default settings.
    expect((await install(admin, 'dataLogging')).config).toEqual({ retentionDays: 365 });
  });

  it('changes the named settings of an installed app and keeps the others', async () => {
    const { admin, member } = await setup();
    await install(admin, 'reports');
    const changed = await t.call('PATCH', 'AppConfigUpdate', {
      ...admin,
      body: { publicId: 'reports', config: { timeZone: 'Europe/Berlin' } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.type).toBe('AppConfigUpdate');
    expect(changed.body.data).toEqual(
      expect.objectContaining({
        publicId: 'reports',
        installed: true,
        config: { timeZone: 'Europe/Berlin' },
      }),
    );
    const read = await t.call('GET', 'AppInstall/reports', member);
    expect((read.body.data as CompanyApp).config).toEqual({ timeZone: 'Europe/Berlin' });

    await install(admin, 'dataLogging');
    const nothing = await t.call('PATCH', 'AppConfigUpdate', {
      ...admin,
      body: { publicId: 'dataLogging', config: {} },
    });
    expect(nothing.status).toBe(200);
    expect((nothing.body.data as CompanyApp).config).toEqual({ retentionDays: 365 });
    const edge = await t.call('PATCH', 'AppConfigUpdate', {
      ...admin,
      body: { publicId: 'dataLogging', config: { retentionDays: 3650 } },
    });
    expect((edge.body.data as CompanyApp).config).toEqual({ retentionDays: 3650 });
  });

  it('checks settings against the app’s schema and names the property (400), storing nothing', async () => {
    const { admin } = await setup();
    for (const app of ['dataLogging', 'alarming', 'reports', 'webAccess', 'backendComponents'])
      await install(admin, app);
    const cases: [string, unknown, string][] = [
      ['dataLogging', { retentionDays: 29 }, 'config.retentionDays'],
      ['dataLogging', { retentionDays: 3651 }, 'config.retentionDays'],
      ['dataLogging', { retentionDays: 90.5 }, 'config.retentionDays'],
      ['dataLogging', { retentionDays: '90' }, 'config.retentionDays'],
      ['alarming', { emailNotifications: 'yes' }, 'config.emailNotifications'],
      ['reports', { timeZone: 'Mars/Olympus_Mons' }, 'config.timeZone'],
      ['reports', { timeZone: '' }, 'config.timeZone'],
      ['reports', { timeZone: 'x'.repeat(5000) }, 'config.timeZone'],
      ['webAccess', { allowSelfSignedCertificates: null }, 'config.allowSelfSignedCertificates'],
      ['backendComponents', { memory: 128 }, 'config'],
      ['dataLogging', { retentionDays: 90, colour: 'red' }, 'config'],
    ];
    for (const [publicId, config, propertyName] of cases) {
      const response = await t.call('PATCH', 'AppConfigUpdate', { ...admin, body: { publicId, config } });
      expect(response.status, JSON.stringify(config)).toBe(400);
      expect(response.body.type).toBe('Error');
      expect(errorOf(response), JSON.stringify(config)).toEqual([expect.objectContaining({ propertyName })]);
    }
    const shapes: [unknown, string | undefined][] = [
      [{ config: { retentionDays: 90 } }, 'publicId'],
      [{ publicId: 'dataLogging' }, 'config'],
      [{ publicId: 'dataLogging', config: [] }, 'config'],
      [{ publicId: 'dataLogging', config: {}, extra: 1 }, undefined],
      [[{ publicId: 'dataLogging', config: {} }], undefined],
    ];
    for (const [body, propertyName] of shapes) {
      const response = await t.call('PATCH', 'AppConfigUpdate', { ...admin, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      if (propertyName) expect(errorOf(response)).toEqual([expect.objectContaining({ propertyName })]);
    }
    const apps = await appList(admin);
    expect(apps.map((app) => app.config)).toEqual([
      { retentionDays: 365 },
      { emailNotifications: true },
      { timeZone: 'UTC' },
      { allowSelfSignedCertificates: false },
      {},
    ]);
  });

  it('configures only installed apps (409), and another company’s installation is not this company’s', async () => {
    const { admin } = await setup();
    const other = await setup();
    await install(other.admin, 'webAccess');
    const response = await t.call('PATCH', 'AppConfigUpdate', {
      ...admin,
      body: { publicId: 'webAccess', config: { allowSelfSignedCertificates: true } },
    });
    expect(response.status).toBe(409);
    expect(errorOf(response)).toEqual([{ message: 'Not installed', propertyName: 'publicId' }]);
    expect((await t.call('DELETE', 'AppUninstall/webAccess', admin)).status).toBe(409);
    const theirs = (await appList(other.member)).find((app) => app.publicId === 'webAccess');
    expect(theirs).toEqual(
      expect.objectContaining({ installed: true, config: { allowSelfSignedCertificates: false } }),
    );
  });

  it('audits every change and tells the company live (AppsChanged)', async () => {
    const { company, admin } = await setup();
    const companyRow = await t.server.db
      .selectFrom('companies')
      .select('id')
      .where('public_id', '=', company.publicId)
      .executeTakeFirstOrThrow();
    const seen: LiveEvent[] = [];
    const stop = t.server.built.events.listen(({ audience, event }) => {
      if ('companyId' in audience && audience.companyId === companyRow.id) seen.push(event);
    });
    try {
      const installed = await install(admin, 'alarming');
      const changed = await t.call('PATCH', 'AppConfigUpdate', {
        ...admin,
        body: { publicId: 'alarming', config: { emailNotifications: false } },
      });
      await t.call('DELETE', 'AppUninstall/alarming', admin);
      expect((await t.call('POST', 'AppInstall/nothing', admin)).status).toBe(404);

      const rows = await t.server.db
        .selectFrom('audit_logs')
        .select(['action', 'resource_rel', 'resource_public_id', 'before', 'after'])
        .where('company_id', '=', companyRow.id)
        .where('resource_rel', '=', 'App')
        .orderBy('id')
        .execute();
      const after = changed.body.data as CompanyApp;
      expect(rows).toEqual([
        {
          action: 'CREATE',
          resource_rel: 'App',
          resource_public_id: 'alarming',
          before: null,
          after: installed,
        },
        { action: 'UPDATE', resource_rel: 'App', resource_public_id: 'alarming', before: installed, after },
        { action: 'DELETE', resource_rel: 'App', resource_public_id: 'alarming', before: after, after: null },
      ]);
      const appEvents = seen.filter((event) => event.type === 'AppsChanged');
      expect(appEvents).toEqual(
        Array.from({ length: 3 }, () => ({
          type: 'AppsChanged',
          data: { company: { publicId: company.publicId } },
        })),
      );
    } finally {
      stop();
    }
  });

  it('appears in discovery and in the OpenAPI document', async () => {
    const discovery = await t.call('GET', '/api');
    const entries = discovery.body.data as { rel: string; href: string; methods: string[] }[];
    const byRel = Object.fromEntries(entries.map((entry) => [entry.rel, entry]));
    expect(byRel.AppList?.methods).toEqual(['GET']);
    expect(byRel.AppInstall?.href).toMatch(/\/api\/AppInstall\/\{publicId\}$/);
    expect(byRel.AppInstall?.methods).toEqual(['GET', 'POST']);
    expect(byRel.AppUninstall?.methods).toEqual(['DELETE']);
    expect(byRel.AppConfigUpdate?.methods).toEqual(['PATCH']);
    const openapi = await t.call('GET', '/api/openapi.json');
    const paths = (openapi.body as unknown as { paths: Record<string, unknown> }).paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining(['/api/AppList', '/api/AppInstall/{publicId}', '/api/AppUninstall/{publicId}']),
    );
  });
});
