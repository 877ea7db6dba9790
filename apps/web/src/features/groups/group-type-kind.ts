import { groupsAndAssetsErrors } from '@fleetgate/contracts';
import type { OrderedTypeKind } from '../ordered-types/ordered-type-kind.ts';

export const groupTypeKind: OrderedTypeKind = {
  rel: 'GroupType',
  texts: 'groups.types',
  fields: 'color,name,order',
  manageCapability: 'groupTypes.manage',
  colorCapability: 'subgroups.manage',
  inUseMessage: groupsAndAssetsErrors.cannotDeleteGroupType,
  users: { rel: 'GroupList', filterField: 'groupType.publicId' },
  allPath: '/groups',
  typePath: (publicId) => `/groups/type/${publicId}`,
};
