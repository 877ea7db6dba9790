import type { Asset } from '@fleetgate/contracts';
import { TypedEntitiesPage } from '../typed-entities/TypedEntitiesPage.tsx';
import { AssetDialog } from './AssetDialog.tsx';
import { AssetTable } from './AssetTable.tsx';
import { assetEntity, type AssetInput } from './asset-entity.ts';

/** `/assets` and `/assets/{publicId}`: the company's assets, all or of one asset type. */
export function AssetsPage() {
  return (
    <TypedEntitiesPage<Asset, AssetInput>
      kind={assetEntity}
      renderTable={(props) => <AssetTable {...props} />}
      renderDialog={(props) => <AssetDialog {...props} />}
    />
  );
}
