import { groupsAndAssetsErrors } from '@fleetgate/contracts';
import type { OrderedTypeKind } from '../ordered-types/ordered-type-kind.ts';

export const assetTypeKind: OrderedTypeKind = {
  rel: 'AssetType',
  texts: 'assets.types',
  fields: 'name,order',
  manageCapability: 'assetTypes.manage',
  inUseMessage: groupsAndAssetsErrors.cannotDeleteAssetType,
  users: { rel: 'AssetList', filterField: 'assetType.publicId' },
  allPath: '/assets',
  typePath: (publicId) => `/assets/${publicId}`,
};
