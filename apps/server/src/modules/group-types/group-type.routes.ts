import { groupTypeCreateInput, groupTypePatchInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { registerResource } from '../../http/resource.ts';
import type { ModuleDeps } from '../index.ts';
import { groupTypeFields, groupTypeFilters, presentGroupType } from './group-type.presenter.ts';
import { findGroupTypesByPublicIds, listGroupTypes } from './group-type.repository.ts';
import { changeGroupType, createGroupType, removeGroupType } from './group-type.service.ts';

export function registerGroupTypeRoutes(api: Api, _deps: ModuleDeps) {
  registerResource(api, {
    name: 'GroupType',
    // Every member sees group types: they label the groups users work with.
    read: null,
    write: 'groupTypes.manage',
    fields: groupTypeFields,
    filters: groupTypeFilters,
    repository: { list: listGroupTypes, findByPublicIds: findGroupTypesByPublicIds },
    present: presentGroupType,
    create: { schema: groupTypeCreateInput, run: createGroupType },
    update: { schema: groupTypePatchInput, run: changeGroupType },
    remove: { run: removeGroupType },
  });
}
