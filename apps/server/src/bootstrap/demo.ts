import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { registrationInput } from '@fleetgate/contracts';
import type { Db } from '../db/client.ts';
import { runInTransaction } from '../db/transaction.ts';
import { hashPassword } from '../auth/passwords.ts';
import { insertUser } from '../modules/account/user.repository.ts';
import { createCompany } from '../modules/companies/company.service.ts';
import { insertMembership } from '../modules/companies/company.repository.ts';
import { insertRole } from '../modules/roles/role.repository.ts';
import { seedDemoGroupsAndAssets } from '../modules/groups/group.demo.ts';
import { seedDemoAgent } from '../modules/agents/agent.demo.ts';
import { seedDemoLicences } from '../modules/licences/licence.demo.ts';

export type DemoAccount = { emailAddress: string; password: string; role: string };

/** What to print once: the demo logins and the token that attaches the simulated agent. */
export type DemoSeed = { accounts: DemoAccount[]; agentEnrolmentToken: string };

/**
 * On an empty database, creates a demo company with an administrator, an ordinary user and an
 * agent waiting to be enrolled. Returns the credentials and the enrolment token to print, or
 * nothing when any user exists: existing data is never touched.
 */
export async function seedDemoIfEmpty(db: Db, admin: AdminSetting): Promise<DemoSeed | undefined> {
  // All or nothing, and one process at a time: several processes started together on a new
  // database seed it once; the others find its users and leave it alone.
  return runInTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('fleetgate.demo-seed'))`.execute(trx);
    const anyUser = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    return anyUser ? undefined : seedDemo(trx, admin);
  });
}

type AdminSetting = { emailAddress?: string | undefined; password?: string | undefined };

async function seedDemo(db: Db, admin: AdminSetting): Promise<DemoSeed> {
  const adminAccount = {
    name: 'Demo Administrator',
    emailAddress: admin.emailAddress ?? 'admin@example.com',
    password: admin.password ?? randomBytes(12).toString('base64url'),
  };
  const userAccount = {
    name: 'Demo Engineer',
    emailAddress: 'engineer@example.com',
    password: randomBytes(12).toString('base64url'),
  };
  const checked = registrationInput.safeParse(adminAccount);
  if (!checked.success)
    throw new Error(
      'FLEETGATE_ADMIN_EMAIL or FLEETGATE_ADMIN_PASSWORD is not valid (password: 8 to 128 characters)',
    );
  if (userAccount.emailAddress.toLowerCase() === adminAccount.emailAddress.toLowerCase())
    userAccount.emailAddress = 'engineer2@example.com';

  const adminUser = await insertUser(db, {
    ...adminAccount,
    passwordHash: await hashPassword(adminAccount.password),
  });
  const { company } = await createCompany(db, adminUser, 'Demo Company', null);
  const engineerRole = await insertRole(db, company.id, {
    name: 'Engineer',
    // agents.remoteControl: the demo engineer can take control of the simulator's VNC screen;
    // alarms.acknowledge and reports.use: they answer the line's alarms and queue its reports.
    capabilities: [
      'accessRequests.use',
      'agents.connect',
      'agents.remoteControl',
      'helpCentre.use',
      'alarms.acknowledge',
      'reports.use',
    ],
  });
  const engineer = await insertUser(db, {
    ...userAccount,
    passwordHash: await hashPassword(userAccount.password),
  });
  await insertMembership(db, { companyId: company.id, userId: engineer.id, roleId: engineerRole.id });
  await seedDemoGroupsAndAssets(db, company.id);
  const { token } = await seedDemoAgent(db, company.id);
  await seedDemoLicences(db, company.id);
  return {
    accounts: [
      { emailAddress: adminAccount.emailAddress, password: adminAccount.password, role: 'Administrator' },
      { emailAddress: userAccount.emailAddress, password: userAccount.password, role: 'Engineer' },
    ],
    agentEnrolmentToken: token,
  };
}
