import type { Db } from '../../db/client.ts';
import type { AssetTypeRow } from '../../db/schema.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage, preparedKeysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

export function listAssetTypes(db: Db, companyId: number, query: ListQuery): Promise<AssetTypeRow[]> {
  return preparedKeysetPage(db, companyId, query, assetTypePage);
}

function assetTypePage(db: Db, companyId: number, query: ListQuery) {
  return keysetPage(
    db.selectFrom('asset_types').selectAll().where('company_id', '=', companyId),
    'asset_types',
    query,
  );
}

export function findAssetTypesByPublicIds(db: Db, companyId: number, publicIds: string[], forUpdate = false) {
  let query = db
    .selectFrom('asset_types')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate();
  return query.execute();
}

export function insertAssetType(db: Db, companyId: number, type: { name: string; order: number }) {
  return db
    .insertInto('asset_types')
    .values({ public_id: newPublicId(), company_id: companyId, name: type.name, sort_order: type.order })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateAssetType(
  db: Db,
  id: number,
  changes: { name?: string | undefined; order?: number | undefined },
) {
  return db
    .updateTable('asset_types')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.order === undefined ? {} : { sort_order: changes.order }),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteAssetType(db: Db, id: number) {
  await db.deleteFrom('asset_types').where('id', '=', id).execute();
}

export async function assetTypeInUse(db: Db, assetTypeId: number) {
  const row = await db
    .selectFrom('assets')
    .select('id')
    .where('asset_type_id', '=', assetTypeId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The type an asset is given, locked against deletion until the asset is stored. */
export function findAssetTypeForAsset(db: Db, companyId: number, publicId: string) {
  return db
    .selectFrom('asset_types')
    .select(['id', 'public_id', 'name'])
    .where('company_id', '=', companyId)
    .where('public_id', '=', publicId)
    .forShare()
    .executeTakeFirst();
}
