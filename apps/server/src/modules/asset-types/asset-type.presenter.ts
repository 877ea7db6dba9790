import type { AssetType } from '@fleetgate/contracts';
import type { AssetTypeRow } from '../../db/schema.ts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';

export const assetTypeFields: FieldSpec = { publicId: true, name: true, order: true };

export const assetTypeFilters: FilterSpec = {
  publicId: { column: 'asset_types.public_id', type: 'string' },
  name: { column: 'asset_types.name', type: 'string' },
  order: { column: 'asset_types.sort_order', type: 'int' },
};

export function presentAssetType(row: AssetTypeRow): AssetType {
  return { publicId: row.public_id, name: row.name, order: row.sort_order };
}
