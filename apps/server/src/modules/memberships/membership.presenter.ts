import type { CompanyUser, UserMembership } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { MembershipView } from './membership.repository.ts';

const ref = { publicId: true, name: true } as const;

export const membershipFields: FieldSpec = {
  publicId: true,
  user: { publicId: true, name: true, emailAddress: true },
  role: ref,
  audience: ref,
  expiresOn: true,
};

export const membershipFilters: FilterSpec = {
  publicId: { column: 'memberships.public_id', type: 'string' },
  'user.publicId': { column: 'users.public_id', type: 'string' },
  'user.name': { column: 'users.name', type: 'string' },
  'user.emailAddress': { column: 'users.email_address', type: 'string' },
  'role.publicId': { column: 'roles.public_id', type: 'string' },
  'audience.publicId': { column: 'audiences.public_id', type: 'string' },
  expiresOn: { column: 'memberships.expires_on', type: 'date' },
};

function audienceOf(row: MembershipView) {
  return row.audience_public_id === null || row.audience_name === null
    ? null
    : { publicId: row.audience_public_id, name: row.audience_name };
}

export function presentMembership(row: MembershipView): UserMembership {
  return {
    publicId: row.public_id,
    user: { publicId: row.user_public_id, name: row.user_name, emailAddress: row.user_email_address },
    role: { publicId: row.role_public_id, name: row.role_name },
    audience: audienceOf(row),
    expiresOn: row.expires_on?.toISOString() ?? null,
  };
}

export const companyUserFields: FieldSpec = {
  publicId: true,
  name: true,
  emailAddress: true,
  role: ref,
  audience: ref,
  membership: { publicId: true, expiresOn: true },
};

export const companyUserFilters: FilterSpec = {
  publicId: { column: 'users.public_id', type: 'string' },
  name: { column: 'users.name', type: 'string' },
  emailAddress: { column: 'users.email_address', type: 'string' },
  'role.publicId': { column: 'roles.public_id', type: 'string' },
  'audience.publicId': { column: 'audiences.public_id', type: 'string' },
  'membership.publicId': { column: 'memberships.public_id', type: 'string' },
  'membership.expiresOn': { column: 'memberships.expires_on', type: 'date' },
};

/** A member as `UserList` shows it: the user first, the membership as a reference. */
export function presentCompanyUser(row: MembershipView): CompanyUser {
  return {
    publicId: row.user_public_id,
    name: row.user_name,
    emailAddress: row.user_email_address,
    role: { publicId: row.role_public_id, name: row.role_name },
    audience: audienceOf(row),
    membership: { publicId: row.public_id, expiresOn: row.expires_on?.toISOString() ?? null },
  };
}
