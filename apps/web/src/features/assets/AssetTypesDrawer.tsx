import { hasCapability, useCurrentUser } from '../../auth/current-user.tsx';
import { OrderedTypeDrawer } from '../ordered-types/OrderedTypeDrawer.tsx';
import { assetTypeKind } from './asset-type-kind.ts';
import { assetsCapability } from './assets-capability.ts';

/** The asset types below the Assets menu item; nothing for users the asset pages are closed to. */
export function AssetTypesDrawer() {
  const user = useCurrentUser();
  if (!hasCapability(user, assetsCapability)) return null;
  return <OrderedTypeDrawer kind={assetTypeKind} />;
}
