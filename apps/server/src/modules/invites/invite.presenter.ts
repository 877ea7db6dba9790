import type { MyUserInvite, UserInvite } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { AddressedInvite, InviteView } from './invite.repository.ts';

export const inviteFields: FieldSpec = {
  publicId: true,
  emailAddress: true,
  role: { publicId: true, name: true },
  invitedBy: { publicId: true, name: true },
  createdOn: true,
  expiresOn: true,
  expired: true,
};

export const inviteFilters: FilterSpec = {
  publicId: { column: 'invites.public_id', type: 'string' },
  emailAddress: { column: 'invites.email_address', type: 'string' },
  'role.publicId': { column: 'roles.public_id', type: 'string' },
  expiresOn: { column: 'invites.expires_on', type: 'date' },
};

export function presentInvite(row: InviteView, now = new Date()): UserInvite {
  return {
    publicId: row.public_id,
    emailAddress: row.email_address,
    role: { publicId: row.role_public_id, name: row.role_name },
    invitedBy:
      row.inviter_public_id === null || row.inviter_name === null
        ? null
        : { publicId: row.inviter_public_id, name: row.inviter_name },
    createdOn: row.created_at.toISOString(),
    expiresOn: row.expires_on.toISOString(),
    expired: row.expires_on <= now,
  };
}

export function presentMyInvite(row: AddressedInvite): MyUserInvite {
  return {
    publicId: row.public_id,
    company: { publicId: row.company_public_id, name: row.company_name },
    role: { publicId: row.role_public_id, name: row.role_name },
    invitedBy:
      row.inviter_public_id === null || row.inviter_name === null
        ? null
        : { publicId: row.inviter_public_id, name: row.inviter_name },
    createdOn: row.created_at.toISOString(),
    expiresOn: row.expires_on.toISOString(),
  };
}
