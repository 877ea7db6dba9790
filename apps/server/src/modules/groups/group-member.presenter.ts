import type { GroupMember } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { GroupMemberView } from './group-member.repository.ts';

const ref = { publicId: true, name: true } as const;

export const groupMemberFields: FieldSpec = {
  publicId: true,
  group: ref,
  user: { publicId: true, name: true, emailAddress: true },
  role: ref,
  expiresOn: true,
};

export const groupMemberFilters: FilterSpec = {
  publicId: { column: 'group_members.public_id', type: 'string' },
  'group.publicId': { column: 'groups.public_id', type: 'string' },
  'user.publicId': { column: 'users.public_id', type: 'string' },
  'user.name': { column: 'users.name', type: 'string' },
  'role.publicId': { column: 'roles.public_id', type: 'string' },
  expiresOn: { column: 'group_members.expires_on', type: 'date' },
};

export function presentGroupMember(row: GroupMemberView): GroupMember {
  return {
    publicId: row.public_id,
    group: { publicId: row.group_public_id, name: row.group_name },
    user: { publicId: row.user_public_id, name: row.user_name, emailAddress: row.user_email_address },
    role: { publicId: row.role_public_id, name: row.role_name },
    expiresOn: row.expires_on?.toISOString() ?? null,
  };
}
