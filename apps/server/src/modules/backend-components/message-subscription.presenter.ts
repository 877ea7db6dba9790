import type { BackendComponentMessageSubscription } from '@fleetgate/contracts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';
import type { SubscriptionView } from './message-subscription.repository.ts';

export const subscriptionFields: FieldSpec = {
  publicId: true,
  company: { publicId: true, name: true },
  template: { publicId: true, name: true },
  kind: true,
  agent: { publicId: true, name: true },
  tags: { publicId: true, name: true },
  cron: true,
  enabled: true,
  droppedRuns: true,
};

export const subscriptionFilters: FilterSpec = {
  publicId: { column: 's.public_id', type: 'string' },
  'template.publicId': { column: 'template.public_id', type: 'string' },
  'agent.publicId': { column: 'agent.public_id', type: 'string' },
  kind: { column: 's.kind', type: 'string' },
  enabled: { column: 's.enabled', type: 'boolean' },
};

export function presentSubscription(row: SubscriptionView): BackendComponentMessageSubscription {
  return {
    publicId: row.public_id,
    company: { publicId: row.company_public_id, name: row.company_name },
    template: { publicId: row.template_public_id, name: row.template_name },
    kind: row.kind,
    agent:
      row.agent_public_id === null || row.agent_name === null
        ? null
        : { publicId: row.agent_public_id, name: row.agent_name },
    tags: row.tags.map((tag) => ({ publicId: tag.publicId, name: tag.name })),
    cron: row.cron,
    enabled: row.enabled,
    droppedRuns: row.dropped_runs,
  };
}
