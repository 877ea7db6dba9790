import { z } from 'zod';
import type { TFunction } from 'i18next';
import {
  webhookEventTypes,
  webhookLimits,
  type Webhook,
  type WebhookCreateInput,
  type WebhookEventType,
} from '@fleetgate/contracts';
import { nameSchema } from '../../components/form/field-schemas.ts';

export function webhookFormSchema(t: TFunction) {
  return z.object({
    name: nameSchema(t),
    url: z
      .string()
      .trim()
      .min(1, t('form.required'))
      .max(webhookLimits.urlMaxLength, t('form.maxLength', { count: webhookLimits.urlMaxLength })),
    eventTypes: z.array(z.enum(webhookEventTypes)),
    enabled: z.boolean(),
  });
}

export type WebhookFormValues = {
  name: string;
  url: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
};

export function webhookFormValuesOf(webhook: Webhook | undefined): WebhookFormValues {
  return {
    name: webhook?.name ?? '',
    url: webhook?.url ?? 'https://',
    eventTypes: webhook?.eventTypes ?? [],
    enabled: webhook?.enabled ?? true,
  };
}

/** The wire input, with event types in the catalogue's order whatever order they were ticked in. */
export function webhookInputOf(values: WebhookFormValues): Required<WebhookCreateInput> {
  return {
    name: values.name,
    url: values.url,
    eventTypes: webhookEventTypes.filter((type) => values.eventTypes.includes(type)),
    enabled: values.enabled,
  };
}
