import type { SignInEvent } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { CompanySignInEventRow, MySignInEventRow } from './sign-in-event.repository.ts';

export const signInEventFields: FieldSpec = {
  publicId: true,
  createdOn: true,
  kind: true,
  outcome: true,
  detail: true,
  client: true,
  address: true,
  user: { publicId: true, name: true, emailAddress: true },
  attemptedEmailAddress: true,
};

export const mySignInEventFilters: FilterSpec = {
  publicId: { column: 'e.public_id', type: 'string' },
  createdOn: { column: 'e.created_at', type: 'date' },
  kind: { column: 'e.kind', type: 'string' },
  outcome: { column: 'e.outcome', type: 'string' },
};

export const companySignInEventFilters: FilterSpec = {
  ...mySignInEventFilters,
  'user.publicId': { column: 'u.public_id', type: 'string' },
  'user.name': { column: 'u.name', type: 'string' },
  'user.emailAddress': { column: 'u.email_address', type: 'string' },
};

export function presentMySignInEvent(row: MySignInEventRow): SignInEvent {
  return {
    publicId: row.public_id,
    createdOn: row.created_at.toISOString(),
    kind: row.kind,
    outcome: row.outcome,
    detail: row.detail,
    client: row.client,
    address: row.address,
    user: null,
    attemptedEmailAddress: row.attempted_email_address,
  };
}

export function presentCompanySignInEvent(row: CompanySignInEventRow): SignInEvent {
  return {
    ...presentMySignInEvent(row),
    user: { publicId: row.user_public_id, name: row.user_name, emailAddress: row.user_email_address },
  };
}
