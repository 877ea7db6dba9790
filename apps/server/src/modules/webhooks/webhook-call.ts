import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { companyPublicIdOf, enqueueDelivery } from './webhook-enqueue.ts';
import { announceWebhookEnqueued } from './webhook-kick.ts';
import { findWebhooksByPublicIds } from './webhook.repository.ts';

/**
 * Queues a `BackendComponentCall` delivery with `payload` as its data, for backend components.
 * An unknown webhook or another company's is a 404 (ApiError); a disabled one receives nothing,
 * like it receives no events.
 */
export async function enqueueWebhookCall(
  db: Db,
  companyId: number,
  webhookPublicId: string,
  payload: unknown,
): Promise<void> {
  const [webhook] = await findWebhooksByPublicIds(db, companyId, [webhookPublicId]);
  if (!webhook) throw notFound();
  if (!webhook.enabled) return;
  await enqueueDelivery(db, webhook, await companyPublicIdOf(db, companyId), 'BackendComponentCall', payload);
  announceWebhookEnqueued();
}
