import { describe, expect, it } from 'vitest';
import { backendComponentErrors, errorMessages } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { backendComponentFixtures, errorsOf, useOwnSecretKey } from './backend-components.test-support.ts';
import { findSubscriptionsFor } from './subscription-match.ts';

useOwnSecretKey();
const t = useTestServer();
const f = backendComponentFixtures(t);

const templateIdOf = async (publicId: string) =>
  (
    await t.server.db
      .selectFrom('backend_component_templates')
      .select('id')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow()
  ).id;

describe('BackendComponentTemplateShareList and BackendComponentTemplateShare', () => {
  it('needs a token (401) and the right (403)', async () => {
    const owner = await f.company();
    const template = await f.template(owner.as);
    const sharee = await f.reachableCompany(owner);
    const share = await f.share(owner.as, template.publicId, sharee.publicId);
    const { as: memberAs } = await f.member(owner.company, ['dataLogging.manage']);
    const body = { template: { publicId: template.publicId }, company: { publicId: sharee.publicId } };
    const calls: [string, string, unknown?][] = [
      ['GET', 'BackendComponentTemplateShareList'],
      ['POST', 'BackendComponentTemplateShareList', body],
      ['PATCH', `BackendComponentTemplateShare/${share.publicId}`, { company: body.company }],
      ['DELETE', `BackendComponentTemplateShare/${share.publicId}`],
    ];
    for (const [method, rel, sent] of calls) {
      expect((await t.call(method, rel, { company: owner.company.publicId, body: sent })).status).toBe(401);
      expect((await t.call(method, rel, { ...memberAs, body: sent })).status).toBe(403);
    }
  });

  it("lists the shares of the company's own templates with the default fields", async () => {
    const owner = await f.company();
    const template = await f.template(owner.as, { name: 'Converter' });
    const sharee = await f.reachableCompany(owner);
    const share = await f.share(owner.as, template.publicId, sharee.publicId);
    const list = await t.call('GET', 'BackendComponentTemplateShareList', {
      ...owner.as,
      query: { fields: 'publicId,company,template' },
    });
    expect(list.body.data).toEqual([
      {
        publicId: share.publicId,
        company: { publicId: sharee.publicId, name: expect.any(String) },
        template: { publicId: template.publicId, name: 'Converter' },
      },
    ]);
    // The company shared with sees the template, not the share.
    expect((await t.call('GET', 'BackendComponentTemplateShareList', sharee.as)).body.data).toEqual([]);
  });

  it('shares only with reachable companies: own is a 400, others a 404, twice a 409', async () => {
    const owner = await f.company();
    const template = await f.template(owner.as);
    const stranger = await f.company();
    const post = (company: string, templateId = template.publicId) =>
      t.call('POST', 'BackendComponentTemplateShareList', {
        ...owner.as,
        body: { template: { publicId: templateId }, company: { publicId: company } },
      });

    const own = await post(owner.company.publicId);
    expect(own.status).toBe(400);
    expect(errorsOf(own)).toEqual([
      { message: backendComponentErrors.shareWithOwnCompany, propertyName: 'company.publicId' },
    ]);
    for (const company of [stranger.company.publicId, 'zzzzzzzzzzzz']) {
      const response = await post(company);
      expect(response.status).toBe(404);
      expect(errorsOf(response)).toEqual([
        { message: errorMessages.notFound, propertyName: 'company.publicId' },
      ]);
    }
    const theirs = await f.template(stranger.as);
    const foreign = await post(stranger.company.publicId, theirs.publicId);
    expect(foreign.status).toBe(404);
    expect(errorsOf(foreign)[0]?.propertyName).toBe('template.publicId');

    // A company the owner is the parent of is reachable without a membership.
    await t.server.db
      .updateTable('companies')
      .set({ parent_company_id: owner.companyId })
      .where('id', '=', stranger.companyId)
      .execute();
    expect((await post(stranger.company.publicId)).status).toBe(201);
    const twice = await post(stranger.company.publicId);
    expect(twice.status).toBe(409);
    expect(errorsOf(twice)[0]?.propertyName).toBe('company.publicId');

    // The company shared with cannot share the template on.
    const onwards = await t.call('POST', 'BackendComponentTemplateShareList', {
      token: stranger.as.token,
      company: stranger.company.publicId,
      body: { template: { publicId: template.publicId }, company: { publicId: owner.company.publicId } },
    });
    expect(onwards.status).toBe(403);
  });

  it("treats another company's share as not found", async () => {
    const owner = await f.company();
    const template = await f.template(owner.as);
    const sharee = await f.reachableCompany(owner);
    const share = await f.share(owner.as, template.publicId, sharee.publicId);
    const other = await f.company();
    const path = `BackendComponentTemplateShare/${share.publicId}`;
    expect((await t.call('DELETE', path, other.as)).status).toBe(404);
    expect((await t.call('DELETE', path, sharee.as)).status).toBe(404);
  });

  it("revoking a share removes the sharee's subscriptions and config, so its runs stop", async () => {
    const owner = await f.company();
    const template = await f.template(owner.as);
    const sharee = await f.reachableCompany(owner);
    const share = await f.share(owner.as, template.publicId, sharee.publicId);
    const ref = { publicId: template.publicId };
    const subscribed = await t.call('POST', 'BackendComponentMessageSubscriptionList', {
      ...sharee.as,
      body: { template: ref, kind: 'alarmRaised' },
    });
    expect(subscribed.status).toBe(201);
    const configured = await t.call('POST', 'BackendComponentTemplateConfigList', {
      ...sharee.as,
      body: { template: ref, secrets: { key: 'value' } },
    });
    expect(configured.status).toBe(201);
    const ownSubscription = await t.call('POST', 'BackendComponentMessageSubscriptionList', {
      ...owner.as,
      body: { template: ref, kind: 'alarmRaised' },
    });
    expect(ownSubscription.status).toBe(201);
    const templateId = await templateIdOf(template.publicId);
    const runnable = await findSubscriptionsFor(t.server.db, sharee.companyId, 'alarmRaised');
    expect(runnable).toMatchObject([{ templateId, ownerCompanyId: owner.companyId, code: template.code }]);

    const revoked = await t.call('DELETE', `BackendComponentTemplateShare/${share.publicId}`, owner.as);
    expect(revoked.status).toBe(200);
    expect((await t.call('GET', 'BackendComponentMessageSubscriptionList', sharee.as)).body.data).toEqual([]);
    expect((await t.call('GET', 'BackendComponentTemplateConfigList', sharee.as)).body.data).toEqual([]);
    expect((await t.call('GET', 'BackendComponentTemplateList', sharee.as)).body.data).toEqual([]);
    expect(await findSubscriptionsFor(t.server.db, sharee.companyId, 'alarmRaised')).toEqual([]);
    // The owner's own subscription stays.
    expect(await findSubscriptionsFor(t.server.db, owner.companyId, 'alarmRaised')).toHaveLength(1);
    const trail = await t.server.db
      .selectFrom('audit_logs')
      .select(['resource_rel', 'action'])
      .where('company_id', '=', sharee.companyId)
      .where('action', '=', 'DELETE')
      .execute();
    expect(trail.map((entry) => entry.resource_rel).sort()).toEqual([
      'BackendComponentMessageSubscription',
      'BackendComponentTemplateConfig',
    ]);
  });
});
