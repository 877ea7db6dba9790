import { groupsAndAssetsErrors } from '@fleetgate/contracts';
import type { OrderedTypeKind } from '../ordered-types/ordered-type-kind.ts';

export const groupTypeKind: OrderedTypeKind = {
  rel: 'GroupType',
  texts: 'groups.types',
  fields: 'color,name,order',
  manageCapability: 'groupTypes.manage',
  colorCapability: 'subgroups.manage',
  inUseMessage: groupsAndAssetsErrors.cannotDeleteGroupType,
  // The server answers CANNOT_DELETE_GROUP_TYPE itself; no listing first.
  users: { rel: 'GroupList', filterField: 'groupType.publicId', checkBeforeDelete: false },
  allPath: '/groups',
  typePath: (publicId) => `/groups/type/${publicId}`,
};
