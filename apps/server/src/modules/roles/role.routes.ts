import { roleCreateInput, rolePatchInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { registerResource } from '../../http/resource.ts';
import { findRolesByPublicIds, listRoles } from './role.repository.ts';
import { presentRole, roleFieldColumns, roleFields, roleFilters } from './role.presenter.ts';
import { changeRole, createRole, removeRole } from './role.service.ts';

export function registerRoleRoutes(api: Api) {
  registerResource(api, {
    name: 'Role',
    read: 'roles.manage',
    write: 'roles.manage',
    fields: roleFields,
    filters: roleFilters,
    repository: { list: listRoles, findByPublicIds: findRolesByPublicIds },
    present: presentRole,
    fieldColumns: roleFieldColumns,
    create: { schema: roleCreateInput, run: createRole },
    update: { schema: rolePatchInput, run: changeRole },
    changesAccess: true,
    remove: { run: removeRole },
  });
}
