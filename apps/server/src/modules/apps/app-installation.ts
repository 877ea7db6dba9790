import { appNotInstalledMessage, isAppKey, type AppKey } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';

/** The apps the company has installed. */
export async function listInstalledApps(db: Db, companyId: number): Promise<AppKey[]> {
  const rows = await db
    .selectFrom('company_apps')
    .select('app')
    .where('company_id', '=', companyId)
    .execute();
  return rows.map((r) => r.app).filter(isAppKey);
}

export async function isAppInstalled(db: Db, companyId: number, app: AppKey): Promise<boolean> {
  const row = await db
    .selectFrom('company_apps')
    .select('app')
    .where('company_id', '=', companyId)
    .where('app', '=', app)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The gate of every call that belongs to an app: a company without the app gets a 403 that
 * names it. Check it after authentication and the capability, before any other work.
 */
export async function requireAppInstalled(db: Db, companyId: number, app: AppKey): Promise<void> {
  if (!(await isAppInstalled(db, companyId, app))) throw new ApiError(403, appNotInstalledMessage(app));
}
