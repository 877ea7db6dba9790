import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { WebhookRow } from '../../db/schema.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

export function listWebhooks(db: Db, companyId: number, query: ListQuery): Promise<WebhookRow[]> {
  return keysetPage(
    db.selectFrom('webhooks').selectAll().where('company_id', '=', companyId),
    'webhooks',
    query,
  ).execute();
}

export function findWebhooksByPublicIds(
  db: Db,
  companyId: number,
  publicIds: string[],
  forUpdate = false,
): Promise<WebhookRow[]> {
  let query = db
    .selectFrom('webhooks')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate();
  return query.execute();
}

/** The company's enabled webhooks that receive `eventType`. */
export function findSubscribedWebhooks(db: Db, companyId: number, eventType: string) {
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('enabled', '=', true)
    .where(sql<boolean>`event_types @> ${JSON.stringify([eventType])}::jsonb`)
    .execute();
}

export type WebhookValues = {
  name: string;
  url: string;
  eventTypes: string[];
  enabled: boolean;
  secretSealed: string;
};

export function insertWebhook(db: Db, companyId: number, publicId: string, values: WebhookValues) {
  return db
    .insertInto('webhooks')
    .values({
      public_id: publicId,
      company_id: companyId,
      name: values.name,
      url: values.url,
      event_types: JSON.stringify(values.eventTypes),
      enabled: values.enabled,
      secret_sealed: values.secretSealed,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateWebhook(db: Db, id: number, changes: Partial<WebhookValues>) {
  return db
    .updateTable('webhooks')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.url === undefined ? {} : { url: changes.url }),
      ...(changes.eventTypes === undefined ? {} : { event_types: JSON.stringify(changes.eventTypes) }),
      ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
      ...(changes.secretSealed === undefined ? {} : { secret_sealed: changes.secretSealed }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteWebhook(db: Db, id: number) {
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

export async function countWebhooks(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function webhookNameTaken(db: Db, companyId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('webhooks')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
