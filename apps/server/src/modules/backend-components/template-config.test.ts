import { describe, expect, it } from 'vitest';
import { errorMessages, type BackendComponentTemplateConfig } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import {
  backendComponentFixtures,
  errorsOf,
  useOwnSecretKey,
  type As,
} from './backend-components.test-support.ts';
import { backendComponentSecretBox } from './config-secrets.ts';
import { loadRunConfig } from './config-for-run.ts';

useOwnSecretKey();
const t = useTestServer();
const f = backendComponentFixtures(t);
const secret = 'Sup3r-secret-api-key';

async function createConfig(as: As, body: Record<string, unknown>) {
  const response = await t.call('POST', 'BackendComponentTemplateConfigList', { ...as, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as BackendComponentTemplateConfig;
}

async function storedRow(publicId: string) {
  return t.server.db
    .selectFrom('backend_component_template_configs')
    .selectAll()
    .where('public_id', '=', publicId)
    .executeTakeFirstOrThrow();
}

describe('BackendComponentTemplateConfigList and BackendComponentTemplateConfig', () => {
  it('needs a token (401) and the right (403)', async () => {
    const { company, as } = await f.company();
    const template = await f.template(as);
    const config = await createConfig(as, { template: { publicId: template.publicId } });
    const { as: memberAs } = await f.member(company, ['dataLogging.manage']);
    const calls: [string, string, unknown?][] = [
      ['GET', 'BackendComponentTemplateConfigList'],
      ['POST', 'BackendComponentTemplateConfigList', { template: { publicId: template.publicId } }],
      ['PATCH', `BackendComponentTemplateConfig/${config.publicId}`, { values: {} }],
      ['DELETE', `BackendComponentTemplateConfig/${config.publicId}`],
    ];
    for (const [method, rel, body] of calls) {
      expect((await t.call(method, rel, { company: company.publicId, body })).status).toBe(401);
      expect((await t.call(method, rel, { ...memberAs, body })).status).toBe(403);
    }
  });

  it('stores values and sealed secrets, and never returns a secret', async () => {
    const { as, companyId } = await f.company();
    const template = await f.template(as);
    const created = await createConfig(as, {
      template: { publicId: template.publicId },
      values: { threshold: '80' },
      secrets: { apiKey: secret },
      allowedHosts: ['API.example.com', 'api.example.com', 'hooks.example.com:8443'],
    });
    expect(created).toEqual({
      publicId: created.publicId,
      template: { publicId: template.publicId },
      values: { threshold: '80' },
      secretNames: ['apiKey'],
      allowedHosts: ['api.example.com', 'hooks.example.com:8443'],
    });
    const row = await storedRow(created.publicId);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.secrets.apiKey).toMatch(/^v1:/);

    const list = await t.call('GET', 'BackendComponentTemplateConfigList', as);
    const patched = await t.call('PATCH', `BackendComponentTemplateConfig/${created.publicId}`, {
      ...as,
      body: { secrets: { token: 'second-secret' } },
    });
    const audit = await t.server.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('company_id', '=', companyId)
      .execute();
    for (const text of [JSON.stringify(list.body), JSON.stringify(patched.body), JSON.stringify(audit)]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('second-secret');
    }
    expect((patched.body.data as BackendComponentTemplateConfig).secretNames).toEqual(['apiKey', 'token']);

    const box = backendComponentSecretBox(t.server.config);
    expect(
      await loadRunConfig(t.server.db, companyId, (await storedRow(created.publicId)).template_id, box),
    ).toEqual({
      config: { threshold: '80', apiKey: secret, token: 'second-secret' },
      allowedHosts: ['api.example.com', 'hooks.example.com:8443'],
    });

    const removed = await t.call('PATCH', `BackendComponentTemplateConfig/${created.publicId}`, {
      ...as,
      body: { secrets: { apiKey: null }, values: { threshold: '90' } },
    });
    expect(removed.body.data).toMatchObject({ values: { threshold: '90' }, secretNames: ['token'] });
  });

  it('gives a run without a config an empty one', async () => {
    const { as, companyId } = await f.company();
    const template = await f.template(as);
    const row = await t.server.db
      .selectFrom('backend_component_templates')
      .select('id')
      .where('public_id', '=', template.publicId)
      .executeTakeFirstOrThrow();
    const box = backendComponentSecretBox(t.server.config);
    expect(await loadRunConfig(t.server.db, companyId, row.id, box)).toEqual({
      config: {},
      allowedHosts: [],
    });
  });

  it('finds the config of a template through the template.publicId filter', async () => {
    const { as } = await f.company();
    const first = await f.template(as);
    const second = await f.template(as);
    await createConfig(as, { template: { publicId: first.publicId } });
    const wanted = await createConfig(as, { template: { publicId: second.publicId }, values: { a: '1' } });
    const found = await t.call('GET', 'BackendComponentTemplateConfigList', {
      ...as,
      query: { filters: `eq(template.publicId,"${second.publicId}")` },
    });
    expect(found.body.data).toEqual([wanted]);
  });

  it('refuses invalid input, a second config and unknown templates', async () => {
    const { as } = await f.company();
    const template = await f.template(as);
    const ref = { publicId: template.publicId };
    const cases: [unknown, number, string][] = [
      [{}, 400, 'template'],
      [{ template: ref, values: { 'bad key': 'x' } }, 400, 'values'],
      [{ template: ref, allowedHosts: ['https://example.com/'] }, 400, 'allowedHosts.0'],
      [{ template: ref, values: { a: '1' }, secrets: { a: '2' } }, 400, 'secrets.a'],
      [{ template: { publicId: 'zzzzzzzzzzzz' } }, 404, 'template.publicId'],
    ];
    for (const [body, status, propertyName] of cases) {
      const response = await t.call('POST', 'BackendComponentTemplateConfigList', { ...as, body });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(errorsOf(response)[0]?.propertyName ?? '', JSON.stringify(body)).toContain(propertyName);
    }
    await createConfig(as, { template: ref });
    const second = await t.call('POST', 'BackendComponentTemplateConfigList', {
      ...as,
      body: { template: ref },
    });
    expect(second.status).toBe(409);
    expect(errorsOf(second)).toEqual([
      { message: errorMessages.duplicate, propertyName: 'template.publicId' },
    ]);
  });

  it("treats another company's config and template as not found, and configures a shared template", async () => {
    const owner = await f.company();
    const template = await f.template(owner.as);
    const config = await createConfig(owner.as, { template: { publicId: template.publicId } });
    const other = await f.company();
    const path = `BackendComponentTemplateConfig/${config.publicId}`;
    expect((await t.call('PATCH', path, { ...other.as, body: { values: {} } })).status).toBe(404);
    expect((await t.call('DELETE', path, other.as)).status).toBe(404);
    expect((await t.call('GET', 'BackendComponentTemplateConfigList', other.as)).body.data).toEqual([]);
    const unshared = await t.call('POST', 'BackendComponentTemplateConfigList', {
      ...other.as,
      body: { template: { publicId: template.publicId } },
    });
    expect(unshared.status).toBe(404);

    const sharee = await f.reachableCompany(owner);
    await f.share(owner.as, template.publicId, sharee.publicId);
    const own = await createConfig(sharee.as, {
      template: { publicId: template.publicId },
      values: { a: 'b' },
    });
    expect(own.values).toEqual({ a: 'b' });
  });
});
