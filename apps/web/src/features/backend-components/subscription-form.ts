import { z } from 'zod';
import type { TFunction } from 'i18next';
import {
  backendComponentLimits,
  backendComponentSubscriptionKinds,
  type BackendComponentMessageSubscription,
  type BackendComponentMessageSubscriptionCreateInput,
} from '@fleetgate/contracts';

/** Five whitespace-separated fields; the server checks each field's range. */
const cronShape = /^\S+(\s+\S+){4}$/;

export function subscriptionFormSchema(t: TFunction) {
  const maxTags = backendComponentLimits.tagsPerSubscription;
  return z
    .object({
      kind: z.enum(backendComponentSubscriptionKinds),
      /** '' stands for any device, where the kind allows that. */
      agentId: z.string(),
      tagIds: z
        .array(z.string())
        .max(maxTags, t('backendComponents.subscriptions.dialog.tooManyTags', { count: maxTags })),
      cron: z
        .string()
        .trim()
        .max(100, t('form.maxLength', { count: 100 })),
    })
    .superRefine((form, ctx) => {
      const say = (path: string, key: 'deviceRequired' | 'tagsRequired' | 'cronInvalid') =>
        ctx.addIssue({
          code: 'custom',
          path: [path],
          message: t(`backendComponents.subscriptions.dialog.${key}`),
        });
      if (form.kind === 'tagSamples') {
        if (form.agentId === '') say('agentId', 'deviceRequired');
        else if (form.tagIds.length === 0) say('tagIds', 'tagsRequired');
      }
      if (form.kind === 'schedule' && !cronShape.test(form.cron)) say('cron', 'cronInvalid');
    });
}

export type SubscriptionFormValues = z.infer<ReturnType<typeof subscriptionFormSchema>>;

export const emptySubscriptionForm: SubscriptionFormValues = {
  kind: 'tagSamples',
  agentId: '',
  tagIds: [],
  cron: '',
};

/** Which of the form's fields the kind uses; the others are left out of the call. */
export function fieldsOfKind(kind: SubscriptionFormValues['kind']) {
  return {
    device: kind !== 'schedule',
    tags: kind === 'tagSamples',
    cron: kind === 'schedule',
  };
}

export function subscriptionInputOf(
  form: SubscriptionFormValues,
  templateId: string,
): BackendComponentMessageSubscriptionCreateInput {
  const uses = fieldsOfKind(form.kind);
  return {
    template: { publicId: templateId },
    kind: form.kind,
    ...(uses.device ? { agent: form.agentId === '' ? null : { publicId: form.agentId } } : {}),
    ...(uses.tags ? { tags: form.tagIds.map((publicId) => ({ publicId })) } : {}),
    ...(uses.cron ? { cron: form.cron.trim() } : {}),
    enabled: true,
  };
}

/** What a subscription reacts to, in one line: its device and tags, or its schedule. */
export function subscriptionDetail(subscription: BackendComponentMessageSubscription, allDevices: string) {
  if (subscription.kind === 'schedule') return subscription.cron ?? '';
  const device = subscription.agent?.name ?? allDevices;
  const tags = subscription.tags.map((tag) => tag.name).join(', ');
  return tags === '' ? device : `${device}: ${tags}`;
}
