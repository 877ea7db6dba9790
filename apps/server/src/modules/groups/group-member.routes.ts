import { groupMemberCreateInput, groupMemberPatchInput } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { registerResource } from '../../http/resource.ts';
import { groupMemberFields, groupMemberFilters, presentGroupMember } from './group-member.presenter.ts';
import { findGroupMembersByPublicIds, listGroupMembers } from './group-member.repository.ts';
import { changeGroupMember, createGroupMember, removeGroupMember } from './group-member.service.ts';

/**
 * `GroupMemberList` / `GroupMember/{publicId}`: who holds which role in which group (device
 * rights through the group), optionally until a moment (temporary access).
 */
export function registerGroupMemberRoutes(api: Api) {
  registerResource(api, {
    name: 'GroupMember',
    read: 'groups.manage',
    write: 'groups.manage',
    fields: groupMemberFields,
    filters: groupMemberFilters,
    repository: { list: listGroupMembers, findByPublicIds: findGroupMembersByPublicIds },
    present: presentGroupMember,
    create: { schema: groupMemberCreateInput, run: createGroupMember },
    update: { schema: groupMemberPatchInput, run: changeGroupMember },
    remove: { run: removeGroupMember },
    changesAccess: true,
  });
}
