import { useMutation, useQuery } from '@tanstack/react-query';
import {
  limits,
  type Webhook,
  type WebhookCreateInput,
  type WebhookDelivery,
  type WebhookPatchInput,
  type WebhookSecret,
  type WebhookWithSecret,
} from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';
import { change, useOptimisticMutation } from '../../api/optimistic-mutation.ts';

const listKey = ['WebhookList'] as const;
const deliveriesKey = (publicId: string) => ['WebhookDeliveryList', publicId] as const;

export function useWebhooks() {
  return useQuery({
    queryKey: listKey,
    queryFn: () =>
      apiData<Webhook[]>('WebhookList', { query: { fields: '*', 'page-size': limits.pageSizeMax } }),
  });
}

/** A placeholder row until the server answers; its id cannot collide with a real one (12 chars). */
export const pendingId = 'pending';

function withCreated(list: Webhook[], input: WebhookCreateInput): Webhook[] {
  const now = new Date().toISOString();
  const row: Webhook = {
    publicId: pendingId,
    name: input.name,
    url: input.url,
    eventTypes: input.eventTypes ?? [],
    enabled: input.enabled ?? true,
    createdOn: now,
    updatedOn: now,
  };
  return [...list, row];
}

/** Shows the new webhook at once (portal spec §7); the answer carries its secret, once. */
export function useCreateWebhook() {
  return useOptimisticMutation(
    (input: WebhookCreateInput) => apiData<WebhookWithSecret>('WebhookList', { method: 'POST', body: input }),
    [change(listKey, withCreated)],
  );
}

type WebhookChange = { publicId: string; changes: WebhookPatchInput };

/** Edits and enabling show at once, and are put back when the server refuses them. */
export function useUpdateWebhook() {
  return useOptimisticMutation(
    ({ publicId, changes }: WebhookChange) =>
      apiData<Webhook>('Webhook', { method: 'PATCH', params: { publicId }, body: changes }),
    [
      change(listKey, (list: Webhook[], { publicId, changes }: WebhookChange) =>
        list.map((hook) => (hook.publicId === publicId ? { ...hook, ...changes } : hook)),
      ),
    ],
  );
}

export function useDeleteWebhook() {
  return useOptimisticMutation(
    (publicId: string) =>
      apiData<{ publicId: string }>('Webhook', { method: 'DELETE', params: { publicId } }),
    [
      change(listKey, (list: Webhook[], publicId: string) =>
        list.filter((hook) => hook.publicId !== publicId),
      ),
    ],
  );
}

export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: (publicId: string) =>
      apiData<WebhookSecret>('WebhookSecret', { method: 'POST', params: { publicId } }),
  });
}

export function useTestWebhook() {
  return useMutation({
    mutationFn: (publicId: string) =>
      apiData<WebhookDelivery>('WebhookTest', { method: 'POST', params: { publicId } }),
  });
}

/** The newest deliveries; reloaded every few seconds while shown, as retries go on. */
export function useWebhookDeliveries(publicId: string) {
  return useQuery({
    queryKey: deliveriesKey(publicId),
    queryFn: () =>
      apiData<WebhookDelivery[]>('WebhookDeliveryList', { params: { publicId }, query: { 'page-size': 50 } }),
    refetchInterval: 5000,
  });
}
