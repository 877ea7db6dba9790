import type { WebhookDeliveryType } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { WebhookRow } from '../../db/schema.ts';
import { newPublicId } from '../../http/ids.ts';
import { insertDelivery } from './webhook-delivery.repository.ts';

/** The JSON every receiver gets: the delivery's id, what happened, when, for which company. */
export function deliveryBody(
  id: string,
  type: WebhookDeliveryType,
  createdOn: Date,
  companyPublicId: string,
  data: unknown,
): string {
  return JSON.stringify({
    id,
    type,
    createdOn: createdOn.toISOString(),
    company: { publicId: companyPublicId },
    data,
  });
}

export async function companyPublicIdOf(db: Db, companyId: number): Promise<string> {
  const row = await db
    .selectFrom('companies')
    .select('public_id')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row.public_id;
}

/** Stores one delivery to `webhook`; answers its publicId, or null when its queue is full. */
export async function enqueueDelivery(
  db: Db,
  webhook: Pick<WebhookRow, 'id' | 'company_id'>,
  companyPublicId: string,
  type: WebhookDeliveryType,
  data: unknown,
  now = new Date(),
): Promise<string | null> {
  const publicId = newPublicId();
  const stored = await insertDelivery(db, {
    publicId,
    webhookId: webhook.id,
    companyId: webhook.company_id,
    eventType: type,
    body: deliveryBody(publicId, type, now, companyPublicId, data),
    now,
  });
  return stored ? publicId : null;
}
