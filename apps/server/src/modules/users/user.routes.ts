import type { AssignableRole } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { registerResource } from '../../http/resource.ts';
import type { ModuleDeps } from '../index.ts';
import {
  findMembershipsByUserPublicIds,
  listCompanyRoles,
  listMemberships,
} from '../memberships/membership.repository.ts';
import {
  companyUserFields,
  companyUserFilters,
  presentCompanyUser,
} from '../memberships/membership.presenter.ts';
import { mayGrant } from '../memberships/membership.service.ts';

export function registerUserRoutes(api: Api, _deps: ModuleDeps) {
  // `UserList` and `User/{publicId}`: the company's members seen as users (publicId is the
  // user's). Read-only; roles and removal go through the memberships.
  registerResource(api, {
    name: 'User',
    read: 'users.invite',
    fields: companyUserFields,
    filters: companyUserFilters,
    repository: { list: listMemberships, findByPublicIds: findMembershipsByUserPublicIds },
    present: presentCompanyUser,
  });

  // The roles a user manager may give: those holding no right the manager lacks. RoleList
  // itself needs the roles right, which inviting does not.
  api.route({
    rel: 'AssignableRoleList',
    method: 'GET',
    access: 'company',
    capability: 'users.invite',
    doc: { summary: 'The roles the user may give to others' },
    handler: async (ctx) => {
      const roles = await listCompanyRoles(ctx.db, ctx.company.id);
      const data: AssignableRole[] = roles
        .filter((role) => mayGrant(ctx.company, role))
        .map((role) => ({ publicId: role.public_id, name: role.name, builtIn: role.built_in }));
      return { type: 'AssignableRoleList', data, moreAfter: null };
    },
  });
}
