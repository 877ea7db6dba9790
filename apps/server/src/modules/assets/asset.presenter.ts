import type { Asset } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { AssetView } from './asset.repository.ts';

export const assetFields: FieldSpec = {
  publicId: true,
  name: true,
  assetType: { publicId: true, name: true },
  agent: { publicId: true, name: true },
};

export const assetFilters: FilterSpec = {
  publicId: { column: 'assets.public_id', type: 'string' },
  name: { column: 'assets.name', type: 'string' },
  'assetType.publicId': { column: 'asset_types.public_id', type: 'string' },
  'assetType.name': { column: 'asset_types.name', type: 'string' },
  'agent.publicId': { column: 'agents.public_id', type: 'string' },
  'agent.name': { column: 'agents.name', type: 'string' },
};

export function presentAsset(row: AssetView): Asset {
  return {
    publicId: row.public_id,
    name: row.name,
    assetType: { publicId: row.asset_type_public_id, name: row.asset_type_name },
    agent:
      row.agent_public_id === null || row.agent_name === null
        ? null
        : { publicId: row.agent_public_id, name: row.agent_name },
  };
}
