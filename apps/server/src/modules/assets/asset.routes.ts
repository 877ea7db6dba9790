import { assetCreateInput, assetPatchInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { registerResource } from '../../http/resource.ts';
import type { ModuleDeps } from '../index.ts';
import { assetFields, assetFilters, presentAsset } from './asset.presenter.ts';
import { findAssetsByPublicIds, listAssets } from './asset.repository.ts';
import { changeAsset, createAsset, removeAsset } from './asset.service.ts';

export function registerAssetRoutes(api: Api, _deps: ModuleDeps) {
  registerResource(api, {
    name: 'Asset',
    // Every member may read assets: access requests name the asset they are for.
    read: null,
    // The catalogue has no separate assets right; managing assets goes with managing their types.
    write: 'assetTypes.manage',
    fields: assetFields,
    filters: assetFilters,
    repository: { list: listAssets, findByPublicIds: findAssetsByPublicIds },
    present: presentAsset,
    create: { schema: assetCreateInput, run: createAsset },
    update: { schema: assetPatchInput, run: changeAsset },
    remove: { run: removeAsset },
  });
}
