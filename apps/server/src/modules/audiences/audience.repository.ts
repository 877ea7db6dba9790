import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { AudienceRow } from '../../db/schema.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage, preparedKeysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

export function listAudiences(db: Db, companyId: number, query: ListQuery): Promise<AudienceRow[]> {
  return preparedKeysetPage(db, companyId, query, audiencePage);
}

function audiencePage(db: Db, companyId: number, query: ListQuery) {
  return keysetPage(
    db.selectFrom('audiences').selectAll().where('company_id', '=', companyId),
    'audiences',
    query,
  );
}

export function findAudiencesByPublicIds(db: Db, companyId: number, publicIds: string[], forUpdate = false) {
  let query = db
    .selectFrom('audiences')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate();
  return query.execute();
}

export function insertAudience(
  db: Db,
  companyId: number,
  audience: { name: string; description: string | null },
) {
  return db
    .insertInto('audiences')
    .values({
      public_id: newPublicId(),
      company_id: companyId,
      name: audience.name,
      description: audience.description,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateAudience(
  db: Db,
  id: number,
  changes: { name?: string | undefined; description?: string | null | undefined },
) {
  return db
    .updateTable('audiences')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.description === undefined ? {} : { description: changes.description }),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteAudience(db: Db, id: number) {
  await db.deleteFrom('audiences').where('id', '=', id).execute();
}

export async function audienceNameTaken(db: Db, companyId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('audiences')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function audienceInUse(db: Db, audienceId: number) {
  const row = await db
    .selectFrom('memberships')
    .select('id')
    .where('audience_id', '=', audienceId)
    .limit(1)
    .executeTakeFirst();
  // A menu link meant for the category would otherwise show to everyone, or vanish unseen.
  const link = await db
    .selectFrom('menu_items')
    .select('id')
    .where('audience_id', '=', audienceId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined || link !== undefined;
}

/** Clears the company's default and, when `audienceId` is given, makes that audience the default. */
export async function setDefaultAudience(db: Db, companyId: number, audienceId: number | null) {
  await db
    .updateTable('audiences')
    .set({ is_default: false })
    .where('company_id', '=', companyId)
    .where('is_default', '=', true)
    .execute();
  if (audienceId !== null)
    await db.updateTable('audiences').set({ is_default: true }).where('id', '=', audienceId).execute();
}

export async function findDefaultAudienceId(db: Db, companyId: number): Promise<number | null> {
  const row = await db
    .selectFrom('audiences')
    .select('id')
    .where('company_id', '=', companyId)
    .where('is_default', '=', true)
    .executeTakeFirst();
  return row?.id ?? null;
}

export function findAudienceOfCompany(db: Db, companyId: number, publicId: string) {
  return db
    .selectFrom('audiences')
    .select(['id', 'public_id', 'name'])
    .where('company_id', '=', companyId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}
