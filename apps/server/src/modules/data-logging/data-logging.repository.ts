import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** A data source with the names its wire shape shows. */
export function dataSourceRows(db: Db) {
  return db
    .selectFrom('data_sources as ds')
    .innerJoin('agents as a', 'a.id', 'ds.agent_id')
    .leftJoin('agent_servers as s', 's.id', 'ds.agent_server_id')
    .leftJoin('mqtt_brokers as b', 'b.id', 'ds.mqtt_broker_id')
    .select(['ds.id', 'ds.public_id', 'ds.company_id', 'ds.agent_id', 'ds.name', 'ds.kind', 'ds.unit_id'])
    .select(['ds.agent_server_id', 'ds.mqtt_broker_id', 'ds.created_at'])
    .select(['a.public_id as agent_public_id', 'a.name as agent_name'])
    .select(['s.public_id as server_public_id', 's.name as server_name'])
    .select(['b.public_id as broker_public_id', 'b.name as broker_name']);
}
export type DataSourceRow = Awaited<ReturnType<ReturnType<typeof dataSourceRows>['executeTakeFirstOrThrow']>>;

/** A tag with its agent and data source. */
export function tagRows(db: Db) {
  return db
    .selectFrom('tags as t')
    .innerJoin('agents as a', 'a.id', 't.agent_id')
    .innerJoin('data_sources as ds', 'ds.id', 't.data_source_id')
    .select(['t.id', 't.public_id', 't.company_id', 't.agent_id', 't.data_source_id', 't.name', 't.address'])
    .select(['t.data_type', 't.scale', 't.unit', 't.sample_interval_seconds', 't.log_mode'])
    .select(['t.last_time', 't.last_value', 't.created_at'])
    .select(['a.public_id as agent_public_id', 'a.name as agent_name'])
    .select(['ds.public_id as source_public_id', 'ds.name as source_name', 'ds.kind as source_kind']);
}
export type TagRow = Awaited<ReturnType<ReturnType<typeof tagRows>['executeTakeFirstOrThrow']>>;

export function countTagsOfAgent(db: Db, agentId: number) {
  return db
    .selectFrom('tags')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('agent_id', '=', agentId)
    .executeTakeFirstOrThrow()
    .then((r) => r.n);
}

export function countDataSourcesOfAgent(db: Db, agentId: number) {
  return db
    .selectFrom('data_sources')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('agent_id', '=', agentId)
    .executeTakeFirstOrThrow()
    .then((r) => r.n);
}

/** Locks the agent row: creates and renames on one agent run one after another (limits, names). */
export async function lockAgent(db: Db, agentId: number) {
  await db.selectFrom('agents').select('id').where('id', '=', agentId).forUpdate().execute();
}
