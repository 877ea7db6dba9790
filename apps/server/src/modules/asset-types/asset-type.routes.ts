import { assetTypeCreateInput, assetTypePatchInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { registerResource } from '../../http/resource.ts';
import type { ModuleDeps } from '../index.ts';
import { assetTypeFields, assetTypeFilters, presentAssetType } from './asset-type.presenter.ts';
import { findAssetTypesByPublicIds, listAssetTypes } from './asset-type.repository.ts';
import { changeAssetType, createAssetType, removeAssetType } from './asset-type.service.ts';

export function registerAssetTypeRoutes(api: Api, _deps: ModuleDeps) {
  registerResource(api, {
    name: 'AssetType',
    // Every member sees asset types: they label the assets users request access to.
    read: null,
    write: 'assetTypes.manage',
    fields: assetTypeFields,
    filters: assetTypeFilters,
    repository: { list: listAssetTypes, findByPublicIds: findAssetTypesByPublicIds },
    present: presentAssetType,
    create: { schema: assetTypeCreateInput, run: createAssetType },
    update: { schema: assetTypePatchInput, run: changeAssetType },
    remove: { run: removeAssetType },
  });
}
