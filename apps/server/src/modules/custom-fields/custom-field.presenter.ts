import type { CustomField } from '@fleetgate/contracts';
import type { CustomFieldRow } from '../../db/schema.ts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';

export const customFieldFields: FieldSpec = {
  publicId: true,
  name: true,
  key: true,
  entity: true,
  type: true,
  options: true,
  required: true,
  order: true,
};

export const customFieldFilters: FilterSpec = {
  publicId: { column: 'custom_fields.public_id', type: 'string' },
  name: { column: 'custom_fields.name', type: 'string' },
  key: { column: 'custom_fields.key', type: 'string' },
  entity: { column: 'custom_fields.entity', type: 'string' },
  type: { column: 'custom_fields.type', type: 'string' },
  required: { column: 'custom_fields.required', type: 'boolean' },
  order: { column: 'custom_fields.sort_order', type: 'int' },
};

export function presentCustomField(row: CustomFieldRow): CustomField {
  return {
    publicId: row.public_id,
    name: row.name,
    key: row.key,
    entity: row.entity,
    type: row.type,
    options: row.options,
    required: row.required,
    order: row.sort_order,
  };
}
