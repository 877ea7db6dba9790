import { expect } from 'vitest';
import type { AppKey, Capability, LicenceTypeKey } from '@fleetgate/contracts';
import type { useTestServer } from '../../../test/harness.ts';
import { createCoupon, grantLicence } from './licence.service.ts';

type TestServer = ReturnType<typeof useTestServer>;
export type As = { token: string; company: string };

const dayMs = 24 * 3600 * 1000;

/** Factories for the licence tests: a company with its apps, agents, licences the operator grants and coupons. */
export function licenceFixtures(t: TestServer) {
  const db = () => t.server.db;

  async function companyIdOf(publicId: string) {
    return (
      await db()
        .selectFrom('companies')
        .select('id')
        .where('public_id', '=', publicId)
        .executeTakeFirstOrThrow()
    ).id;
  }

  async function installApps(companyPublicId: string, apps: AppKey[]) {
    const companyId = await companyIdOf(companyPublicId);
    for (const app of apps)
      await db()
        .insertInto('company_apps')
        .values({ company_id: companyId, app, config: '{}', installed_by_user_id: null })
        .onConflict((c) => c.columns(['company_id', 'app']).doNothing())
        .execute();
  }

  /** A company (its administrator has every capability) with data logging and alarming installed. */
  async function setup(apps: AppKey[] = ['dataLogging', 'alarming']) {
    const company = await t.newCompany();
    const as: As = { token: company.admin.token, company: company.publicId };
    await installApps(company.publicId, apps);
    return { company, as, companyId: await companyIdOf(company.publicId) };
  }

  async function member(company: { publicId: string }, capabilities: Capability[]): Promise<As> {
    const user = await t.newMember(company, capabilities);
    return { token: user.token, company: company.publicId };
  }

  async function agent(as: As, name = `Gateway ${Math.random().toString(36).slice(2, 7)}`) {
    const response = await t.call('POST', 'AgentList', { ...as, body: { name } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return (response.body.data as { publicId: string }).publicId;
  }

  /** The operator grants a licence; `days` < 0 makes one that has expired. */
  async function licence(companyPublicId: string, type: LicenceTypeKey, seats = 1, days = 365) {
    const companyId = await companyIdOf(companyPublicId);
    const now = new Date();
    if (days > 0)
      return (
        await grantLicence(db(), {
          companyId,
          type,
          seats,
          validUntil: new Date(now.getTime() + days * dayMs),
          grantedBy: 'operator',
        })
      ).publicId;
    const row = await db()
      .insertInto('licences')
      .values({
        public_id: `exp${Math.random().toString(36).slice(2, 11).padEnd(9, '0')}`,
        company_id: companyId,
        type,
        seats,
        valid_from: new Date(now.getTime() - 400 * dayMs),
        valid_until: new Date(now.getTime() + days * dayMs),
        granted_by: 'operator',
      })
      .returning('public_id')
      .executeTakeFirstOrThrow();
    return row.public_id;
  }

  const coupon = (type: LicenceTypeKey, days = 90) => createCoupon(db(), type, days);

  return { db, companyIdOf, installApps, setup, member, agent, licence, coupon };
}
