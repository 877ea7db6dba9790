import type { TrustedDevice } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { TrustedDeviceRow } from './trusted-device.repository.ts';

export const trustedDeviceFields: FieldSpec = {
  publicId: true,
  client: true,
  address: true,
  createdOn: true,
  expiresOn: true,
  lastUsedOn: true,
  current: true,
};

export const trustedDeviceFilters: FilterSpec = {
  publicId: { column: 'd.public_id', type: 'string' },
  client: { column: 'd.client', type: 'string' },
  address: { column: 'd.address', type: 'string' },
  createdOn: { column: 'd.created_at', type: 'date' },
  expiresOn: { column: 'd.expires_on', type: 'date' },
  lastUsedOn: { column: 'd.last_used_on', type: 'date' },
};

/** Never the secret's hash: `current` says whether the request's own secret matches it. */
export function presentTrustedDevice(row: TrustedDeviceRow, currentSecretHash: string | null): TrustedDevice {
  return {
    publicId: row.public_id,
    client: row.client,
    address: row.address,
    createdOn: row.created_at.toISOString(),
    expiresOn: row.expires_on.toISOString(),
    lastUsedOn: row.last_used_on?.toISOString() ?? null,
    current: currentSecretHash !== null && row.secret_hash === currentSecretHash,
  };
}
