import type { BackendComponentTemplateConfig } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { ConfigView } from './template-config.repository.ts';

export const configFields: FieldSpec = {
  publicId: true,
  template: { publicId: true },
  values: true,
  secretNames: true,
  allowedHosts: true,
};

export const configFilters: FilterSpec = {
  publicId: { column: 'backend_component_template_configs.public_id', type: 'string' },
  'template.publicId': { column: 'backend_component_templates.public_id', type: 'string' },
};

/** The only shape a config leaves the server in (answers and audit trail): secrets by name only. */
export function presentConfig(row: ConfigView): BackendComponentTemplateConfig {
  return {
    publicId: row.public_id,
    template: { publicId: row.template_public_id },
    values: row.values,
    secretNames: Object.keys(row.secrets).sort(),
    allowedHosts: row.allowed_hosts,
  };
}
