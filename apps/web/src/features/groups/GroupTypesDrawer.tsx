import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { OrderedTypeDrawer } from '../ordered-types/OrderedTypeDrawer.tsx';
import { groupTypeKind } from './group-type-kind.ts';
import { groupsCapability } from './groups-capability.ts';

/** The group types below the Groups menu item; nothing for users the group pages are closed to. */
export function GroupTypesDrawer() {
  const user = useCurrentUser();
  if (!hasCapability(user, groupsCapability)) return null;
  return <OrderedTypeDrawer kind={groupTypeKind} />;
}
