import type { GroupType } from '@fleetgate/contracts';
import type { GroupTypeRow } from '../../db/schema.ts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';

export const groupTypeFields: FieldSpec = { publicId: true, name: true, color: true, order: true };

export const groupTypeFilters: FilterSpec = {
  publicId: { column: 'group_types.public_id', type: 'string' },
  name: { column: 'group_types.name', type: 'string' },
  color: { column: 'group_types.color', type: 'string' },
  order: { column: 'group_types.sort_order', type: 'int' },
};

export function presentGroupType(row: GroupTypeRow): GroupType {
  return { publicId: row.public_id, name: row.name, color: row.color, order: row.sort_order };
}
