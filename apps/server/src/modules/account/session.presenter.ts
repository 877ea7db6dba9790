import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { SessionRow } from './access-token.repository.ts';

/** One of the user's sessions as `GET AccessTokenList` shows it: never its secret or hash. */
export type Session = {
  publicId: string;
  createdOn: string;
  lastUsedOn: string | null;
  /** Api-Application of the client that signed in, else its user agent. */
  client: string | null;
  /** The address it was last used from. */
  address: string | null;
  expiresOn: string;
  /** The token of this very request. */
  current: boolean;
};

export const sessionFields: FieldSpec = {
  publicId: true,
  createdOn: true,
  lastUsedOn: true,
  client: true,
  address: true,
  expiresOn: true,
  current: true,
};

export const sessionFilters: FilterSpec = {
  publicId: { column: 't.public_id', type: 'string' },
  createdOn: { column: 't.created_at', type: 'date' },
  lastUsedOn: { column: 't.last_used_on', type: 'date' },
  client: { column: 't.client', type: 'string' },
  address: { column: 't.last_used_address', type: 'string' },
  expiresOn: { column: 't.expires_on', type: 'date' },
};

export function presentSession(row: SessionRow, currentPublicId: string): Session {
  return {
    publicId: row.public_id,
    createdOn: row.created_at.toISOString(),
    lastUsedOn: row.last_used_on?.toISOString() ?? null,
    client: row.client,
    address: row.last_used_address,
    expiresOn: row.expires_on.toISOString(),
    current: row.public_id === currentPublicId,
  };
}
