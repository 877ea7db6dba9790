import type { Audience } from '@fleetgate/contracts';
import type { AudienceRow } from '../../db/schema.ts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';

export const audienceFields: FieldSpec = { publicId: true, name: true, description: true, default: true };

export const audienceFilters: FilterSpec = {
  publicId: { column: 'audiences.public_id', type: 'string' },
  name: { column: 'audiences.name', type: 'string' },
  description: { column: 'audiences.description', type: 'string' },
  default: { column: 'audiences.is_default', type: 'boolean' },
};

export function presentAudience(row: AudienceRow): Audience {
  return { publicId: row.public_id, name: row.name, description: row.description, default: row.is_default };
}
