import type { Api } from '../../http/api.ts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import { registerResource } from '../../http/resource.ts';
import { findMembershipsByPublicIds, listMemberships, type MembershipView } from './membership.repository.ts';
import { changeMembershipRole, membershipPatchInput, removeMembership } from './membership.service.ts';

const fields: FieldSpec = {
  publicId: true,
  user: { publicId: true, name: true, emailAddress: true },
  role: { publicId: true, name: true },
};

const filters: FilterSpec = {
  publicId: { column: 'memberships.public_id', type: 'string' },
  'user.publicId': { column: 'users.public_id', type: 'string' },
  'user.name': { column: 'users.name', type: 'string' },
  'user.emailAddress': { column: 'users.email_address', type: 'string' },
  'role.publicId': { column: 'roles.public_id', type: 'string' },
};

function present(row: MembershipView) {
  return {
    publicId: row.public_id,
    user: { publicId: row.user_public_id, name: row.user_name, emailAddress: row.user_email_address },
    role: { publicId: row.role_public_id, name: row.role_name },
  };
}

export function registerMembershipRoutes(api: Api) {
  registerResource(api, {
    name: 'UserMembership',
    read: 'users.invite',
    write: 'users.invite',
    fields,
    filters,
    repository: { list: listMemberships, findByPublicIds: findMembershipsByPublicIds },
    present,
    update: { schema: membershipPatchInput, run: changeMembershipRole },
    changesAccess: true,
    remove: { run: removeMembership },
  });
}
