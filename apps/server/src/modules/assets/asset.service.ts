import type { z } from 'zod';
import { errorMessages, type assetCreateInput, type assetPatchInput } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import { findAssetTypeForAsset } from '../asset-types/asset-type.repository.ts';
import {
  deleteAsset,
  findAgentForAsset,
  findAssetView,
  insertAsset,
  updateAsset,
  type AssetView,
} from './asset.repository.ts';

async function resolveAssetType(trx: Db, ctx: MutationContext, publicId: string) {
  const type = await findAssetTypeForAsset(trx, ctx.company.id, publicId);
  if (!type)
    throw new ApiError(404, [{ message: errorMessages.notFound, propertyName: 'assetType.publicId' }]);
  return type;
}

/** The agent an asset is reached through: one of the company's, or null for none. */
async function resolveAgent(trx: Db, ctx: MutationContext, ref: { publicId: string } | null) {
  if (ref === null) return null;
  const agent = await findAgentForAsset(trx, ctx.company.id, ref.publicId);
  if (!agent) throw new ApiError(404, [{ message: errorMessages.notFound, propertyName: 'agent.publicId' }]);
  return agent.id;
}

export async function createAsset(trx: Db, ctx: MutationContext, input: z.output<typeof assetCreateInput>) {
  const type = await resolveAssetType(trx, ctx, input.assetType.publicId);
  const agentId = await resolveAgent(trx, ctx, input.agent ?? null);
  const { id } = await insertAsset(trx, ctx.company.id, { name: input.name, assetTypeId: type.id, agentId });
  return findAssetView(trx, ctx.company.id, id);
}

export async function changeAsset(
  trx: Db,
  ctx: MutationContext,
  asset: AssetView,
  input: z.output<typeof assetPatchInput>,
) {
  const assetTypeId = input.assetType && (await resolveAssetType(trx, ctx, input.assetType.publicId)).id;
  const agentId = input.agent === undefined ? undefined : await resolveAgent(trx, ctx, input.agent);
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(assetTypeId === undefined ? {} : { assetTypeId }),
    ...(agentId === undefined ? {} : { agentId }),
  };
  if (Object.keys(changes).length > 0) await updateAsset(trx, asset.id, changes);
  return findAssetView(trx, ctx.company.id, asset.id);
}

export async function removeAsset(trx: Db, _ctx: MutationContext, asset: AssetView) {
  await deleteAsset(trx, asset.id);
}
