import { groupsAndAssetsErrors } from '@fleetgate/contracts';
import type { OrderedTypeKind } from '../ordered-types/ordered-type-kind.ts';

export const assetTypeKind: OrderedTypeKind = {
  rel: 'AssetType',
  texts: 'assets.types',
  fields: 'name,order',
  manageCapability: 'assetTypes.manage',
  inUseMessage: groupsAndAssetsErrors.cannotDeleteAssetType,
  // Spec §5: an asset type in use is found by listing assets filtered on its publicId.
  users: { rel: 'AssetList', filterField: 'assetType.publicId', checkBeforeDelete: true },
  allPath: '/assets',
  typePath: (publicId) => `/assets/${publicId}`,
};
