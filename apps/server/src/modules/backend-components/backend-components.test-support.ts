import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { BackendComponentTemplate, Capability } from '@fleetgate/contracts';
import type { useTestServer } from '../../../test/harness.ts';
import { alarmFixtures, type As } from '../alarms/alarms.test-support.ts';

type TestServer = ReturnType<typeof useTestServer>;
export type { As };
export type ErrorItem = { message: string; propertyName?: string; listIndex?: number };
export const errorsOf = (response: { body: { data: unknown } }) => response.body.data as ErrorItem[];

/** A key of the suite's own, so no test writes a key file into the working directory. */
export function useOwnSecretKey() {
  process.env.FLEETGATE_SECRET_KEY ??= randomBytes(32).toString('base64');
}

export const sampleCode = 'async function handler(message, context) {\n  return { ok: true };\n}\n';

/** Companies with the backend-components app, their templates, and agents with tags. */
export function backendComponentFixtures(t: TestServer) {
  const alarms = alarmFixtures(t);

  /** A company with the app installed (or not, with `installed: false`). */
  async function company(installed = true) {
    return alarms.setup(installed ? ['backendComponents'] : []);
  }

  async function member(company: { publicId: string }, capabilities: Capability[]) {
    return alarms.member(company, capabilities);
  }

  async function template(as: As, body: Record<string, unknown> = {}) {
    const response = await t.call('POST', 'BackendComponentTemplateList', {
      ...as,
      body: { name: `Function ${t.unique()}`, code: sampleCode, ...body },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as BackendComponentTemplate;
  }

  /**
   * A second company, with the app, whose administrator is also the first company's: the
   * first may share with it.
   */
  async function reachableCompany(owner: { company: { admin: { token: string } } }) {
    const created = await t.call('POST', 'CompanyList', {
      token: owner.company.admin.token,
      body: { name: `Sharee ${t.unique()}` },
    });
    expect(created.status).toBe(201);
    const publicId = (created.body.data as { publicId: string }).publicId;
    const row = await t.server.db
      .selectFrom('companies')
      .select('id')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    await t.server.db
      .insertInto('company_apps')
      .values({ company_id: row.id, app: 'backendComponents', config: '{}', installed_by_user_id: null })
      .execute();
    const as: As = { token: owner.company.admin.token, company: publicId };
    return { publicId, companyId: row.id, as };
  }

  async function share(as: As, template: string, company: string) {
    const response = await t.call('POST', 'BackendComponentTemplateShareList', {
      ...as,
      body: { template: { publicId: template }, company: { publicId: company } },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as { publicId: string };
  }

  return { company, member, template, reachableCompany, share, agent: alarms.agent, tag: alarms.tag };
}
