import type { PlatformServer } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { PlatformServerRow } from './platform-server.repository.ts';

export const platformServerFields: FieldSpec = {
  publicId: true,
  name: true,
  type: true,
  location: true,
  vpnRange: true,
};

export const platformServerFilters: FilterSpec = {
  publicId: { column: 'platform_servers.public_id', type: 'string' },
  name: { column: 'platform_servers.name', type: 'string' },
  type: { column: 'platform_servers.type', type: 'string' },
  location: { column: 'platform_servers.location', type: 'string' },
};

export function presentPlatformServer(row: PlatformServerRow): PlatformServer {
  return {
    publicId: row.public_id,
    name: row.name,
    type: row.type,
    location: row.location,
    vpnRange: row.vpn_range,
  };
}
