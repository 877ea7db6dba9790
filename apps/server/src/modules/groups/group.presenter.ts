import type { Group } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { GroupView } from './group.repository.ts';

export const groupFields: FieldSpec = {
  publicId: true,
  name: true,
  color: true,
  groupType: { publicId: true, name: true },
  parent: { publicId: true, name: true },
};

export const groupFilters: FilterSpec = {
  publicId: { column: 'groups.public_id', type: 'string' },
  name: { column: 'groups.name', type: 'string' },
  color: { column: 'groups.color', type: 'string' },
  'groupType.publicId': { column: 'group_types.public_id', type: 'string' },
  'groupType.name': { column: 'group_types.name', type: 'string' },
  'parent.publicId': { column: 'parent.public_id', type: 'string' },
};

export function presentGroup(row: GroupView): Group {
  return {
    publicId: row.public_id,
    name: row.name,
    color: row.color,
    groupType: { publicId: row.group_type_public_id, name: row.group_type_name },
    parent:
      row.parent_public_id === null || row.parent_name === null
        ? null
        : { publicId: row.parent_public_id, name: row.parent_name },
  };
}
