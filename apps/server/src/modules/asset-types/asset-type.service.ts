import type { z } from 'zod';
import {
  groupsAndAssetsErrors,
  type assetTypeCreateInput,
  type assetTypePatchInput,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { AssetTypeRow } from '../../db/schema.ts';
import type { MutationContext } from '../../http/resource.ts';
import { OrderedTypeRules } from '../ordered-types/ordered-type.service.ts';
import {
  assetTypeInUse,
  deleteAssetType,
  insertAssetType,
  updateAssetType,
} from './asset-type.repository.ts';

const rules = new OrderedTypeRules({
  table: 'asset_types',
  inUse: assetTypeInUse,
  messages: {
    inUse: groupsAndAssetsErrors.cannotDeleteAssetType,
    last: groupsAndAssetsErrors.cannotDeleteLastAssetType,
  },
});

export async function createAssetType(
  trx: Db,
  ctx: MutationContext,
  input: z.output<typeof assetTypeCreateInput>,
) {
  const { order } = await rules.prepareCreate(trx, ctx.company.id, input.name);
  return insertAssetType(trx, ctx.company.id, { name: input.name, order });
}

export async function changeAssetType(
  trx: Db,
  ctx: MutationContext,
  row: AssetTypeRow,
  input: z.output<typeof assetTypePatchInput>,
) {
  await rules.prepareUpdate(trx, ctx.company.id, row, input.name);
  return updateAssetType(trx, row.id, input);
}

export async function removeAssetType(trx: Db, ctx: MutationContext, row: AssetTypeRow) {
  await rules.assertRemovable(trx, ctx.company.id, row);
  await deleteAssetType(trx, row.id);
}
