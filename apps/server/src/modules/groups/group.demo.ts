import { generatedColor, limits } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';
import { insertAssetType } from '../asset-types/asset-type.repository.ts';
import { insertAsset } from '../assets/asset.repository.ts';
import { insertGroupType } from '../group-types/group-type.repository.ts';
import { insertGroup } from './group.repository.ts';

/** Gives a new demo company group types, groups (with subgroups), asset types and assets to look at. */
export async function seedDemoGroupsAndAssets(db: Db, companyId: number): Promise<void> {
  const site = await insertGroupType(db, companyId, {
    publicId: newPublicId(),
    name: 'Site',
    color: '#1e88e5',
    order: 0,
  });
  const line = await insertGroupType(db, companyId, {
    publicId: newPublicId(),
    name: 'Line',
    color: '#43a047',
    order: limits.orderStep,
  });

  const group = async (name: string, groupTypeId: number, parentId: number | null = null) => {
    const publicId = newPublicId();
    const { id } = await insertGroup(db, companyId, {
      publicId,
      name,
      color: generatedColor(publicId),
      groupTypeId,
      parentId,
    });
    return id;
  };
  const rotterdam = await group('Rotterdam plant', site.id);
  const eindhoven = await group('Eindhoven plant', site.id);
  await group('Bottling line 1', line.id, rotterdam);
  await group('Bottling line 2', line.id, rotterdam);
  await group('Packaging line', line.id, eindhoven);

  const plc = await insertAssetType(db, companyId, { name: 'PLC', order: 0 });
  const hmi = await insertAssetType(db, companyId, { name: 'HMI', order: limits.orderStep });
  await insertAsset(db, companyId, { name: 'Filler PLC (S7-1500)', assetTypeId: plc.id });
  await insertAsset(db, companyId, { name: 'Capper PLC (CompactLogix)', assetTypeId: plc.id });
  await insertAsset(db, companyId, { name: 'Line 1 operator panel', assetTypeId: hmi.id });
}
