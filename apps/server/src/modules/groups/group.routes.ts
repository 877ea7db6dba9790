import { groupCreateInput, groupPatchInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { registerResource } from '../../http/resource.ts';
import type { ModuleDeps } from '../index.ts';
import { groupFields, groupFilters, presentGroup } from './group.presenter.ts';
import { findGroupsByPublicIds, listGroups } from './group.repository.ts';
import { changeGroup, createGroup, removeGroup } from './group.service.ts';

export function registerGroupRoutes(api: Api, _deps: ModuleDeps) {
  registerResource(api, {
    name: 'Group',
    // Every member may read groups: the portal shows the devices of a company by group.
    read: null,
    write: 'groups.manage',
    fields: groupFields,
    filters: groupFilters,
    repository: { list: listGroups, findByPublicIds: findGroupsByPublicIds },
    present: presentGroup,
    create: { schema: groupCreateInput, run: createGroup },
    update: { schema: groupPatchInput, run: changeGroup },
    remove: { run: removeGroup },
  });
}
