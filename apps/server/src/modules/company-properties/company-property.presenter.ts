import type { CompanyProperty } from '@fleetgate/contracts';
import type { CompanyCustomPropertyRow } from '../../db/schema.ts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';

export const companyPropertyFields: FieldSpec = { publicId: true, key: true, value: true };

export const companyPropertyFilters: FilterSpec = {
  publicId: { column: 'company_custom_properties.public_id', type: 'string' },
  key: { column: 'company_custom_properties.key', type: 'string' },
};

export function presentCompanyProperty(row: CompanyCustomPropertyRow): CompanyProperty {
  return { publicId: row.public_id, key: row.key, value: row.value };
}
