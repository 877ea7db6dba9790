import type { Role } from '@fleetgate/contracts';
import type { RoleRow } from '../../db/schema.ts';
import type { FieldColumns } from '../../http/field-columns.ts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import { roleCapabilities } from '../../auth/context.ts';

export const roleFields: FieldSpec = { publicId: true, name: true, capabilities: true, builtIn: true };

export const roleFilters: FilterSpec = {
  publicId: { column: 'roles.public_id', type: 'string' },
  name: { column: 'roles.name', type: 'string' },
  builtIn: { column: 'roles.built_in', type: 'boolean' },
};

/** Each field of a role and the columns it is read from: a list of names reads only those. */
export const roleFieldColumns = {
  publicId: { columns: ['public_id'], present: (row: RoleRow) => row.public_id },
  name: { columns: ['name'], present: (row: RoleRow) => row.name },
  capabilities: {
    columns: ['built_in', 'capabilities'],
    present: (row: RoleRow) => [...roleCapabilities(row.built_in, row.capabilities)],
  },
  builtIn: { columns: ['built_in'], present: (row: RoleRow) => row.built_in },
} satisfies FieldColumns<RoleRow>;

export function presentRole(row: RoleRow): Role {
  return {
    publicId: roleFieldColumns.publicId.present(row),
    name: roleFieldColumns.name.present(row),
    capabilities: roleFieldColumns.capabilities.present(row),
    builtIn: roleFieldColumns.builtIn.present(row),
  };
}
