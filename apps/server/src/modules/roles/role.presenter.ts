import type { Role } from '@fleetgate/contracts';
import type { RoleRow } from '../../db/schema.ts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import { roleCapabilities } from '../../auth/context.ts';

export const roleFields: FieldSpec = { publicId: true, name: true, capabilities: true, builtIn: true };

export const roleFilters: FilterSpec = {
  publicId: { column: 'roles.public_id', type: 'string' },
  name: { column: 'roles.name', type: 'string' },
  builtIn: { column: 'roles.built_in', type: 'boolean' },
};

export function presentRole(row: RoleRow): Role {
  return {
    publicId: row.public_id,
    name: row.name,
    capabilities: [...roleCapabilities(row.built_in, row.capabilities)],
    builtIn: row.built_in,
  };
}
