import { describe, expect, it } from 'vitest';
import type { Agent, Licence } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { seedDemoAgent } from '../agents/agent.demo.ts';
import { seedDemoLicences } from './licence.demo.ts';
import { licenceFixtures } from './licence.test-support.ts';

const t = useTestServer();
const f = licenceFixtures(t);

describe('demo licences', () => {
  it('installs the apps and grants a logging licence and a bundle, leaving the demo agent to activate', async () => {
    const { company, as, companyId } = await f.setup([]);
    await seedDemoAgent(f.db(), companyId);
    // Another part of the demo may have installed an app already.
    await f.installApps(company.publicId, ['dataLogging']);
    const seeded = await seedDemoLicences(f.db(), companyId);
    const apps = await f
      .db()
      .selectFrom('company_apps')
      .select('app')
      .where('company_id', '=', companyId)
      .orderBy('app')
      .execute();
    expect(apps.map((a) => a.app)).toEqual(['alarming', 'dataLogging', 'reports']);

    const licences = (await t.call('GET', 'LicenceList', as)).body.data as Licence[];
    expect(licences).toEqual([
      expect.objectContaining({
        publicId: seeded.logging,
        seats: 2,
        seatsUsed: 0,
        agents: [],
      }),
    ]);
    const bundles = (await t.call('GET', 'LicenceBundleList', as)).body.data as Licence[];
    expect(bundles).toEqual([
      expect.objectContaining({ publicId: seeded.bundle, seats: 1, seatsUsed: 0, seatsFree: 1 }),
    ]);
    const [agent] = (await t.call('GET', 'AgentList', as)).body.data as Agent[];
    expect(agent!.logging).toMatchObject({ active: false, trialAvailable: true });
    expect(agent!.alarming).toMatchObject({ active: false, trialAvailable: true });
    expect(company.publicId).toBe(as.company);
  });
});
