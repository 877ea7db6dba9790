import type { BackendComponentTemplateShare } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { ShareView } from './template-share.repository.ts';

export const shareFields: FieldSpec = {
  publicId: true,
  company: { publicId: true, name: true },
  template: { publicId: true, name: true },
};

export const shareFilters: FilterSpec = {
  publicId: { column: 'backend_component_template_shares.public_id', type: 'string' },
  'company.publicId': { column: 'sharee.public_id', type: 'string' },
  'template.publicId': { column: 'backend_component_templates.public_id', type: 'string' },
};

export function presentShare(row: ShareView): BackendComponentTemplateShare {
  return {
    publicId: row.public_id,
    company: { publicId: row.company_public_id, name: row.company_name },
    template: { publicId: row.template_public_id, name: row.template_name },
  };
}
