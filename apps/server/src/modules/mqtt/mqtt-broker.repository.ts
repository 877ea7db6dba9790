import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { MqttBrokerRow } from '../../db/schema.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

export function listMqttBrokers(db: Db, companyId: number, query: ListQuery): Promise<MqttBrokerRow[]> {
  return keysetPage(
    db.selectFrom('mqtt_brokers').selectAll().where('company_id', '=', companyId),
    'mqtt_brokers',
    query,
  ).execute();
}

export function findMqttBrokersByPublicIds(
  db: Db,
  companyId: number,
  publicIds: string[],
  forUpdate = false,
): Promise<MqttBrokerRow[]> {
  let query = db
    .selectFrom('mqtt_brokers')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate();
  return query.execute();
}

export type MqttBrokerValues = {
  name: string;
  url: string;
  clientId: string | null;
  username: string | null;
  passwordSealed: string | null;
};

export function insertMqttBroker(db: Db, companyId: number, publicId: string, broker: MqttBrokerValues) {
  return db
    .insertInto('mqtt_brokers')
    .values({
      public_id: publicId,
      company_id: companyId,
      name: broker.name,
      url: broker.url,
      client_id: broker.clientId,
      username: broker.username,
      password_sealed: broker.passwordSealed,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateMqttBroker(db: Db, id: number, changes: Partial<MqttBrokerValues>) {
  return db
    .updateTable('mqtt_brokers')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.url === undefined ? {} : { url: changes.url }),
      ...(changes.clientId === undefined ? {} : { client_id: changes.clientId }),
      ...(changes.username === undefined ? {} : { username: changes.username }),
      ...(changes.passwordSealed === undefined ? {} : { password_sealed: changes.passwordSealed }),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteMqttBroker(db: Db, id: number) {
  await db.deleteFrom('mqtt_brokers').where('id', '=', id).execute();
}

export async function mqttBrokerNameTaken(db: Db, companyId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('mqtt_brokers')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
