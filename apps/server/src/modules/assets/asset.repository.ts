import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';
import { keysetPage, preparedKeysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

function selectAssets(db: Db, companyId: number) {
  return db
    .selectFrom('assets')
    .innerJoin('asset_types', 'asset_types.id', 'assets.asset_type_id')
    .leftJoin('agents', 'agents.id', 'assets.agent_id')
    .select(['assets.id', 'assets.public_id', 'assets.name', 'assets.created_at', 'assets.asset_type_id'])
    .select(['asset_types.public_id as asset_type_public_id', 'asset_types.name as asset_type_name'])
    .select(['agents.public_id as agent_public_id', 'agents.name as agent_name'])
    .where('assets.company_id', '=', companyId);
}

export type AssetView = Awaited<ReturnType<typeof listAssets>>[number];

export function listAssets(db: Db, companyId: number, query: ListQuery) {
  return preparedKeysetPage(db, companyId, query, assetPage);
}

function assetPage(db: Db, companyId: number, query: ListQuery) {
  return keysetPage(selectAssets(db, companyId), 'assets', query);
}

export function findAssetsByPublicIds(db: Db, companyId: number, publicIds: string[], forUpdate = false) {
  let query = selectAssets(db, companyId).where('assets.public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate(['assets']);
  return query.execute();
}

export function findAssetView(db: Db, companyId: number, id: number) {
  return selectAssets(db, companyId).where('assets.id', '=', id).executeTakeFirstOrThrow();
}

export function insertAsset(
  db: Db,
  companyId: number,
  asset: { name: string; assetTypeId: number; agentId?: number | null },
) {
  return db
    .insertInto('assets')
    .values({
      public_id: newPublicId(),
      company_id: companyId,
      name: asset.name,
      asset_type_id: asset.assetTypeId,
      agent_id: asset.agentId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateAsset(
  db: Db,
  id: number,
  changes: { name?: string; assetTypeId?: number; agentId?: number | null },
) {
  await db
    .updateTable('assets')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.assetTypeId === undefined ? {} : { asset_type_id: changes.assetTypeId }),
      ...(changes.agentId === undefined ? {} : { agent_id: changes.agentId }),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteAsset(db: Db, id: number) {
  await db.deleteFrom('assets').where('id', '=', id).execute();
}

/** The company's agent an asset may be linked to. */
export function findAgentForAsset(db: Db, companyId: number, publicId: string) {
  return db
    .selectFrom('agents')
    .select('id')
    .where('company_id', '=', companyId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}
