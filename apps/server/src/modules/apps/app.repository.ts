import type { Db } from '../../db/client.ts';

/** The company's installations of apps, all of them (a company has at most one per app). */
export function listCompanyApps(db: Db, companyId: number) {
  return db.selectFrom('company_apps').selectAll().where('company_id', '=', companyId).execute();
}

export function findCompanyApp(db: Db, companyId: number, app: string, forUpdate = false) {
  let query = db
    .selectFrom('company_apps')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('app', '=', app);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Installs an app; undefined when the company already has it (two parallel installs: one wins). */
export function insertCompanyApp(
  db: Db,
  values: { companyId: number; app: string; config: Record<string, unknown>; userId: number },
) {
  return db
    .insertInto('company_apps')
    .values({
      company_id: values.companyId,
      app: values.app,
      config: JSON.stringify(values.config),
      installed_by_user_id: values.userId,
    })
    .onConflict((conflict) => conflict.columns(['company_id', 'app']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Removes the installation only; undefined when there was none. */
export function deleteCompanyApp(db: Db, companyId: number, app: string) {
  return db
    .deleteFrom('company_apps')
    .where('company_id', '=', companyId)
    .where('app', '=', app)
    .returningAll()
    .executeTakeFirst();
}

export function updateCompanyAppConfig(
  db: Db,
  companyId: number,
  app: string,
  config: Record<string, unknown>,
) {
  return db
    .updateTable('company_apps')
    .set({ config: JSON.stringify(config) })
    .where('company_id', '=', companyId)
    .where('app', '=', app)
    .returningAll()
    .executeTakeFirstOrThrow();
}
