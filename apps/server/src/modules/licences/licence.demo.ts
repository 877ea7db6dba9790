import type { Db } from '../../db/client.ts';
import { insertLicence } from './licence.repository.ts';

const yearMs = 365 * 24 * 3600 * 1000;

/**
 * Gives a new demo company data logging, alarming and reports, a logging licence with 2 seats and a
 * logging-and-alarming bundle with 1 seat (both for a year). Nothing is activated: the README's
 * walk-through starts by activating logging on the demo device (a trial, or one of these seats).
 */
export async function seedDemoLicences(db: Db, companyId: number, now = new Date()) {
  await db
    .insertInto('company_apps')
    .values(
      (['dataLogging', 'alarming', 'reports'] as const).map((app) => ({
        company_id: companyId,
        app,
        config: '{}',
        installed_by_user_id: null,
      })),
    )
    .onConflict((conflict) => conflict.columns(['company_id', 'app']).doNothing())
    .execute();
  const validUntil = new Date(now.getTime() + yearMs);
  const grant = { companyId, validFrom: now, validUntil, grantedBy: 'operator' };
  const logging = await insertLicence(db, { ...grant, type: 'logging', seats: 2 });
  const bundle = await insertLicence(db, { ...grant, type: 'loggingAlarming', seats: 1 });
  return { logging: logging.public_id, bundle: bundle.public_id };
}
