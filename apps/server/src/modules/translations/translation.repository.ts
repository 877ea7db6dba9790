import type { Db } from '../../db/client.ts';
import type { TranslationRow } from '../../db/schema.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

export function listTranslations(db: Db, companyId: number, query: ListQuery): Promise<TranslationRow[]> {
  return keysetPage(
    db.selectFrom('translations').selectAll().where('company_id', '=', companyId),
    'translations',
    query,
  ).execute();
}

export function findTranslationsByPublicIds(
  db: Db,
  companyId: number,
  publicIds: string[],
  forUpdate = false,
) {
  if (publicIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('translations')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate();
  return query.execute();
}

/** The company's translations that hold any of these keys. */
export function findTranslationsByKeys(db: Db, companyId: number, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('translations')
    .select(['public_id', 'key'])
    .where('company_id', '=', companyId)
    .where('key', 'in', keys)
    .execute();
}

export function insertTranslations(
  db: Db,
  companyId: number,
  items: { publicId: string; key: string; languages: Record<string, string> }[],
) {
  return db
    .insertInto('translations')
    .values(
      items.map((item) => ({
        public_id: item.publicId,
        company_id: companyId,
        key: item.key,
        languages: JSON.stringify(item.languages),
      })),
    )
    .returningAll()
    .execute();
}

export function updateTranslation(
  db: Db,
  id: number,
  changes: { key?: string | undefined; languages?: Record<string, string> | undefined },
) {
  return db
    .updateTable('translations')
    .set({
      ...(changes.key === undefined ? {} : { key: changes.key }),
      ...(changes.languages === undefined ? {} : { languages: JSON.stringify(changes.languages) }),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteTranslations(db: Db, ids: number[]) {
  await db.deleteFrom('translations').where('id', 'in', ids).execute();
}
