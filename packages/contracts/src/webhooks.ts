import { z } from 'zod';
import { limits } from './limits.ts';

/** The domain events a webhook may receive (apps/server/src/events/domain-events.ts). */
export const webhookEventTypes = [
  'TagSamples',
  'AlarmRaised',
  'AccessRequestDecided',
  'AgentStatusChanged',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** Deliveries not caused by an event: the test button's `ping`, a backend component's call. */
export type WebhookDeliveryType = WebhookEventType | 'ping' | 'BackendComponentCall';

export const webhookLimits = {
  perCompany: 20,
  urlMaxLength: 2048,
  /** A receiver answers within this time, or the attempt fails. */
  timeoutMs: 10_000,
  /** Characters of a receiver's answer kept with its delivery. */
  responseSnippetMax: 1024,
  /** Deliveries are retried until this long after they were created, then failed. */
  retryForMs: 24 * 3600 * 1000,
  firstRetryMs: 30_000,
  maxRetryMs: 3600 * 1000,
  /** Delivered and failed deliveries are kept this long. */
  keepDays: 7,
  /** Deliveries waiting per webhook; events beyond are dropped (a receiver that is down for long). */
  pendingPerWebhook: 1000,
} as const;

/** Stable messages of the webhook API; the web app translates them. */
export const webhookErrors = {
  httpsOnly: 'Only https addresses are allowed',
  invalidUrl: 'Invalid value',
  hostNotFound: 'Host not found',
  tooMany: 'Too many webhooks',
} as const;

const eventTypes = z
  .array(z.enum(webhookEventTypes))
  .max(webhookEventTypes.length)
  .refine((types) => new Set(types).size === types.length, { message: 'Duplicate' });

const webhookFields = {
  name: z.string().trim().min(1).max(limits.nameMaxLength),
  /** `https://…`; `http://` only to loopback where the server allows it (development, tests). */
  url: z.string().trim().min(1).max(webhookLimits.urlMaxLength),
  eventTypes,
  enabled: z.boolean(),
};

/** `POST WebhookList`; the answer carries `secret`, the only time it is shown. */
export const webhookCreateInput = z.strictObject({
  ...webhookFields,
  eventTypes: eventTypes.optional(),
  enabled: webhookFields.enabled.optional(),
});
export type WebhookCreateInput = z.input<typeof webhookCreateInput>;

export const webhookPatchInput = z.strictObject({
  name: webhookFields.name.optional(),
  url: webhookFields.url.optional(),
  eventTypes: eventTypes.optional(),
  enabled: webhookFields.enabled.optional(),
});
export type WebhookPatchInput = z.input<typeof webhookPatchInput>;

export type Webhook = {
  publicId: string;
  name: string;
  url: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
  createdOn: string;
  updatedOn: string;
};

/** The answer of `POST WebhookList` and `POST WebhookSecret/{publicId}`: the secret, once. */
export type WebhookWithSecret = Webhook & { secret: string };
export type WebhookSecret = { publicId: string; secret: string };

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

export type WebhookDelivery = {
  publicId: string;
  webhook: { publicId: string };
  type: WebhookDeliveryType;
  state: WebhookDeliveryState;
  attempts: number;
  createdOn: string;
  lastAttemptOn: string | null;
  nextAttemptOn: string | null;
  finishedOn: string | null;
  durationMs: number | null;
  responseStatus: number | null;
  /** The start of the receiver's answer (at most webhookLimits.responseSnippetMax characters). */
  responseSnippet: string | null;
  error: string | null;
  /** The JSON body sent: `{id, type, createdOn, company: {publicId}, data}`. */
  payload: unknown;
};
