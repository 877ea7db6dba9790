import type { BackendComponentTemplate } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { TemplateView } from './template.repository.ts';

export const templateFields: FieldSpec = {
  publicId: true,
  name: true,
  description: true,
  company: { publicId: true, name: true },
  own: true,
  code: true,
  updatedOn: true,
};

export const templateFilters: FilterSpec = {
  publicId: { column: 'backend_component_templates.public_id', type: 'string' },
  name: { column: 'backend_component_templates.name', type: 'string' },
  description: { column: 'backend_component_templates.description', type: 'string' },
  'company.publicId': { column: 'owner.public_id', type: 'string' },
  updatedOn: { column: 'backend_component_templates.updated_at', type: 'date' },
};

/** A company that a template is shared with may run it, never read it: its code is withheld. */
export function presentTemplate(row: TemplateView): BackendComponentTemplate {
  return {
    publicId: row.public_id,
    name: row.name,
    description: row.description,
    company: { publicId: row.owner_public_id, name: row.owner_name },
    own: row.own,
    code: row.own ? row.code : null,
    updatedOn: row.updated_at.toISOString(),
  };
}
