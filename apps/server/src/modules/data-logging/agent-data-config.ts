import { createHash } from 'node:crypto';
import type { AgentDataConfig } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { batched } from '../../db/batched.ts';
import { liveActivationsOf } from '../licences/licence.repository.ts';

/**
 * Whether the agent collects anything: logging activated on it and the app installed in its
 * company. Every attach asks this and most agents collect nothing, so concurrent asks share one
 * statement (an attach storm: db/batched.ts).
 */
const collectsData = batched(async (db: Db, agentIds: number[]) => {
  const rows = await db
    .selectFrom('agents as a')
    .select('a.id')
    .where('a.id', 'in', agentIds)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('company_apps as ca')
          .select('ca.app')
          .whereRef('ca.company_id', '=', 'a.company_id')
          .where('ca.app', '=', 'dataLogging'),
      ),
    )
    .where((eb) =>
      eb.exists(liveActivationsOf(db, 'dataLogging', new Date()).where('x.agent_id', '=', eb.ref('a.id'))),
    )
    .execute();
  const collecting = new Set(rows.map((row) => row.id));
  return agentIds.map((id) => collecting.has(id));
});

/**
 * What the agent collects: its Modbus sources (by service name) and their tags, while logging is
 * activated on it and its company has the app; otherwise nothing. `version` is a hash of the
 * rest, so it changes with any change and only then.
 */
export async function buildAgentDataConfig(db: Db, agentId: number): Promise<AgentDataConfig> {
  const collecting = await collectsData(db, agentId);
  let sources: AgentDataConfig['sources'] = [];
  let tags: AgentDataConfig['tags'] = [];
  if (collecting) {
    const sourceRows = await db
      .selectFrom('data_sources as ds')
      .innerJoin('agent_servers as s', 's.id', 'ds.agent_server_id')
      .select(['ds.public_id', 's.name as service', 'ds.unit_id'])
      .where('ds.agent_id', '=', agentId)
      .where('ds.kind', '=', 'modbus')
      .orderBy('ds.public_id')
      .execute();
    sources = sourceRows.map((r) => ({
      id: r.public_id,
      kind: 'modbus',
      service: r.service,
      unitId: r.unit_id,
    }));
    const tagRows = await db
      .selectFrom('tags as t')
      .innerJoin('data_sources as ds', 'ds.id', 't.data_source_id')
      .select(['t.public_id', 'ds.public_id as source', 't.address', 't.data_type', 't.scale'])
      .select(['t.sample_interval_seconds', 't.log_mode'])
      .where('t.agent_id', '=', agentId)
      .where('ds.kind', '=', 'modbus')
      .where('ds.agent_server_id', 'is not', null)
      .orderBy('t.public_id')
      .execute();
    tags = tagRows.map((r) => ({
      id: r.public_id,
      source: r.source,
      address: r.address,
      dataType: r.data_type,
      scale: r.scale,
      intervalSeconds: r.sample_interval_seconds,
      logMode: r.log_mode,
    }));
  }
  const body = { collecting, sources, tags };
  const version = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16);
  return { version, ...body };
}
