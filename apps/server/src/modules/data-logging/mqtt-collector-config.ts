import type { Db } from '../../db/client.ts';
import type { MqttBrokerRow } from '../../db/schema.ts';
import { liveActivations } from '../licences/licence.repository.ts';
import type { IngestAgent } from './sample-ingest.ts';
import type { TagSampling } from './mqtt-collector-sampling.ts';

export type CollectedTag = TagSampling & {
  id: number;
  publicId: string;
  agentId: number;
  brokerId: number;
  topic: string;
  lastValue: number | null;
};

export type MqttCollection = {
  brokers: MqttBrokerRow[];
  tags: CollectedTag[];
  agents: Map<number, IngestAgent>;
};

/**
 * What the server collects now: the tags of MQTT data sources whose broker still exists, of
 * agents with data logging active, in companies that have the data logging app.
 */
export async function loadMqttCollection(db: Db, now = new Date()): Promise<MqttCollection> {
  const rows = await db
    .selectFrom('tags as t')
    .innerJoin('data_sources as ds', 'ds.id', 't.data_source_id')
    .innerJoin('agents as a', 'a.id', 't.agent_id')
    .innerJoin('company_apps as ca', (join) =>
      join.onRef('ca.company_id', '=', 't.company_id').on('ca.app', '=', 'dataLogging'),
    )
    .select(['t.id', 't.public_id', 't.agent_id', 't.company_id', 't.address', 't.scale', 't.data_type'])
    .select(['t.sample_interval_seconds', 't.log_mode', 't.last_value', 'ds.mqtt_broker_id'])
    .select('a.public_id as agent_public_id')
    .where('ds.kind', '=', 'mqtt')
    .where('ds.mqtt_broker_id', 'is not', null)
    .orderBy('t.id')
    .execute();
  const agentIds = [...new Set(rows.map((r) => r.agent_id))];
  const active = new Set(
    agentIds.length === 0
      ? []
      : (await liveActivations(db, agentIds, now))
          .filter((x) => x.app === 'dataLogging')
          .map((x) => x.agent_id),
  );
  const collected = rows.filter((r) => active.has(r.agent_id));
  const brokerIds = [...new Set(collected.map((r) => r.mqtt_broker_id!))];
  const brokers =
    brokerIds.length === 0
      ? []
      : await db.selectFrom('mqtt_brokers').selectAll().where('id', 'in', brokerIds).execute();
  const agents = new Map<number, IngestAgent>();
  for (const r of collected)
    agents.set(r.agent_id, { id: r.agent_id, publicId: r.agent_public_id, companyId: r.company_id });
  const tags = collected.map((r) => ({
    id: r.id,
    publicId: r.public_id,
    agentId: r.agent_id,
    brokerId: r.mqtt_broker_id!,
    topic: r.address,
    intervalSeconds: r.sample_interval_seconds,
    logMode: r.log_mode,
    scale: r.scale,
    dataType: r.data_type,
    lastValue: r.last_value,
  }));
  return { brokers, tags, agents };
}

/**
 * The agents among these that may store samples now: logging active and the company's app
 * installed, the same gate as the agent's own batches.
 */
export async function agentsStoringNow(
  db: Db,
  agents: IngestAgent[],
  now = new Date(),
): Promise<Set<number>> {
  if (agents.length === 0) return new Set();
  const [activations, installed] = await Promise.all([
    liveActivations(
      db,
      agents.map((a) => a.id),
      now,
    ),
    db
      .selectFrom('company_apps')
      .select('company_id')
      .where('app', '=', 'dataLogging')
      .where('company_id', 'in', [...new Set(agents.map((a) => a.companyId))])
      .execute(),
  ]);
  const active = new Set(activations.filter((x) => x.app === 'dataLogging').map((x) => x.agent_id));
  const companies = new Set(installed.map((r) => r.company_id));
  return new Set(agents.filter((a) => active.has(a.id) && companies.has(a.companyId)).map((a) => a.id));
}
