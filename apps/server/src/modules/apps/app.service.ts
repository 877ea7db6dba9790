import {
  appConfigDefaults,
  appConfigOf,
  appErrors,
  appKeys,
  type AppKey,
  type CompanyApp,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { presentCompanyApp } from './app.presenter.ts';
import {
  deleteCompanyApp,
  findCompanyApp,
  insertCompanyApp,
  listCompanyApps,
  updateCompanyAppConfig,
} from './app.repository.ts';

function audit(
  trx: Db,
  ctx: MutationContext,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  app: AppKey,
  before: CompanyApp | undefined,
  after: CompanyApp | undefined,
) {
  return writeAudit(trx, {
    companyId: ctx.company.id,
    actorUserId: ctx.user.id,
    action,
    rel: 'App',
    publicId: app,
    before,
    after,
    clientAddress: ctx.clientAddress,
  });
}

/** The whole catalogue, in catalogue order, each entry with the company's installation. */
export async function listApps(db: Db, companyId: number): Promise<CompanyApp[]> {
  const rows = new Map((await listCompanyApps(db, companyId)).map((row) => [row.app, row]));
  return appKeys.map((app) => presentCompanyApp(app, rows.get(app)));
}

export async function readApp(db: Db, companyId: number, app: AppKey): Promise<CompanyApp> {
  return presentCompanyApp(app, await findCompanyApp(db, companyId, app));
}

/** Installs with the default settings; a second install (even a parallel one) is a 409. */
export async function installApp(trx: Db, ctx: MutationContext, app: AppKey): Promise<CompanyApp> {
  const row = await insertCompanyApp(trx, {
    companyId: ctx.company.id,
    app,
    config: appConfigDefaults[app],
    userId: ctx.user.id,
  });
  if (!row) throw conflict(appErrors.alreadyInstalled, 'publicId');
  const after = presentCompanyApp(app, row);
  await audit(trx, ctx, 'CREATE', app, undefined, after);
  return after;
}

/**
 * Uninstalls: the app's calls and screens close to the company. Only the installation goes;
 * what the app's modules stored for the company stays until the company deletes it.
 */
export async function uninstallApp(trx: Db, ctx: MutationContext, app: AppKey): Promise<CompanyApp> {
  const row = await deleteCompanyApp(trx, ctx.company.id, app);
  if (!row) throw conflict(appErrors.notInstalled, 'publicId');
  await audit(trx, ctx, 'DELETE', app, presentCompanyApp(app, row), undefined);
  return presentCompanyApp(app, undefined);
}

/** Changes the named settings of an installed app; the others keep their values. */
export async function changeAppConfig(
  trx: Db,
  ctx: MutationContext,
  app: AppKey,
  changes: Record<string, unknown>,
): Promise<CompanyApp> {
  const row = await findCompanyApp(trx, ctx.company.id, app, true);
  if (!row) throw conflict(appErrors.notInstalled, 'publicId');
  const before = presentCompanyApp(app, row);
  const config = appConfigOf(app, { ...appConfigOf(app, row.config), ...changes });
  if (JSON.stringify(config) === JSON.stringify(before.config)) return before;
  const after = presentCompanyApp(app, await updateCompanyAppConfig(trx, ctx.company.id, app, config));
  await audit(trx, ctx, 'UPDATE', app, before, after);
  return after;
}
