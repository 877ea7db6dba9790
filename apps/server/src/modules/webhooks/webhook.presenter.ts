import type { Webhook, WebhookDelivery, WebhookDeliveryType, WebhookEventType } from '@fleetgate/contracts';
import type { WebhookDeliveryRow, WebhookRow } from '../../db/schema.ts';
import type { FieldSpec } from '../../http/fields.ts';
import type { FilterSpec } from '../../http/filters.ts';

export const webhookFields: FieldSpec = {
  publicId: true,
  name: true,
  url: true,
  eventTypes: true,
  enabled: true,
  createdOn: true,
  updatedOn: true,
};

export const webhookFilters: FilterSpec = {
  publicId: { column: 'webhooks.public_id', type: 'string' },
  name: { column: 'webhooks.name', type: 'string' },
  url: { column: 'webhooks.url', type: 'string' },
  enabled: { column: 'webhooks.enabled', type: 'boolean' },
};

/** The only shape a webhook leaves the server in (answers and audit trail): never its secret. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    publicId: row.public_id,
    name: row.name,
    url: row.url,
    eventTypes: row.event_types as WebhookEventType[],
    enabled: row.enabled,
    createdOn: row.created_at.toISOString(),
    updatedOn: row.updated_at.toISOString(),
  };
}

export const webhookDeliveryFields: FieldSpec = {
  publicId: true,
  webhook: { publicId: true },
  type: true,
  state: true,
  attempts: true,
  createdOn: true,
  lastAttemptOn: true,
  nextAttemptOn: true,
  finishedOn: true,
  durationMs: true,
  responseStatus: true,
  responseSnippet: true,
  error: true,
  payload: true,
};

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function presentWebhookDelivery(
  row: WebhookDeliveryRow & { webhook_public_id: string },
): WebhookDelivery {
  return {
    publicId: row.public_id,
    webhook: { publicId: row.webhook_public_id },
    type: row.event_type as WebhookDeliveryType,
    state: row.state,
    attempts: row.attempts,
    createdOn: row.created_at.toISOString(),
    lastAttemptOn: iso(row.last_attempt_at),
    nextAttemptOn: row.state === 'pending' ? row.next_attempt_at.toISOString() : null,
    finishedOn: iso(row.finished_at),
    durationMs: row.duration_ms,
    responseStatus: row.response_status,
    responseSnippet: row.response_snippet,
    error: row.error,
    payload: JSON.parse(row.body) as unknown,
  };
}

export const webhookDeliveryFilters: FilterSpec = {
  publicId: { column: 'webhook_deliveries.public_id', type: 'string' },
  type: { column: 'webhook_deliveries.event_type', type: 'string' },
  state: { column: 'webhook_deliveries.state', type: 'string' },
};
