import { randomUUID } from 'node:crypto';
import { dataLoggingLimits } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { newPublicId } from '../../http/ids.ts';
import { isAppInstalled } from '../apps/app-installation.ts';
import { isAppActiveOnAgent } from '../licences/app-activation.ts';
import { lockAgent } from '../data-logging/data-logging.repository.ts';
import { checkSamples, storeSampleBatch, type IngestAgent } from '../data-logging/sample-ingest.ts';
import type { SamplesStoredListener } from '../data-logging/samples-stored.ts';

/** The data source, one per agent, that holds the tags backend components write. */
export const functionSourceName = 'Backend components';

export type TagWrite = { name: string; value: number; unit?: string; time?: string };

/** Why a write was refused, as the run's log shows it. */
export class TagWriteRefused extends Error {}

/**
 * Stores values a function wrote as samples of derived tags of the agent: the tag (and the
 * agent's `function` data source) is added on its first write, then each value is stored like a
 * collected sample — roll-ups, alarms, live values, and the `TagSamples` domain event one level
 * deeper, so a function reacting to its own output stops after a few rounds. Needs data logging
 * active on the agent, as collecting does. Answers the tags it added, for `DataConfigChanged`.
 */
export async function storeTagWrites(
  db: Db,
  agent: IngestAgent,
  writes: TagWrite[],
  listeners: readonly SamplesStoredListener[],
  now = Date.now(),
) {
  if (
    !(await isAppInstalled(db, agent.companyId, 'dataLogging')) ||
    !(await isAppActiveOnAgent(db, agent.id, 'dataLogging'))
  )
    throw new TagWriteRefused('Data logging is not active on this device');
  const { tagIds, added } = await ensureDerivedTags(db, agent, writes);
  const samples = writes.map((write): [string, number, number] => [
    tagIds.get(write.name)!,
    write.time === undefined ? now : Date.parse(write.time),
    write.value,
  ]);
  const { valid, rejected } = checkSamples(samples, now);
  const result = await storeSampleBatch(
    db,
    agent,
    { batchId: `function-${randomUUID()}`, samples: valid },
    listeners,
  );
  return { result, added, rejected };
}

async function ensureDerivedTags(db: Db, agent: IngestAgent, writes: TagWrite[]) {
  return runInTransaction(db, async (trx) => {
    await lockAgent(trx, agent.id);
    const names = [...new Set(writes.map((write) => write.name))];
    const existing = await trx
      .selectFrom('tags as t')
      .innerJoin('data_sources as ds', 'ds.id', 't.data_source_id')
      .select(['t.name', 't.public_id', 'ds.kind'])
      .where('t.agent_id', '=', agent.id)
      .where('t.name', 'in', names)
      .execute();
    const tagIds = new Map<string, string>();
    for (const row of existing) {
      // A collected tag's history is the machine's: a function may not write into it.
      if (row.kind !== 'function') throw new TagWriteRefused(`"${row.name}" is a collected tag`);
      tagIds.set(row.name, row.public_id);
    }
    const missing = names.filter((name) => !tagIds.has(name));
    if (missing.length === 0) return { tagIds, added: false };
    const { count } = await trx
      .selectFrom('tags')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('agent_id', '=', agent.id)
      .executeTakeFirstOrThrow();
    if (Number(count) + missing.length > dataLoggingLimits.tagsPerAgent)
      throw new TagWriteRefused(`The device has the most tags allowed (${dataLoggingLimits.tagsPerAgent})`);
    const sourceId = await functionSourceOf(trx, agent);
    for (const name of missing) {
      const publicId = newPublicId();
      const unit = writes.find((write) => write.name === name && write.unit !== undefined)?.unit ?? '';
      await trx
        .insertInto('tags')
        .values({
          public_id: publicId,
          company_id: agent.companyId,
          agent_id: agent.id,
          data_source_id: sourceId,
          name,
          address: 'function',
          data_type: 'float64',
          unit,
          log_mode: 'change',
        })
        .execute();
      tagIds.set(name, publicId);
    }
    return { tagIds, added: true };
  });
}

async function functionSourceOf(trx: Db, agent: IngestAgent): Promise<number> {
  const found = await trx
    .selectFrom('data_sources')
    .select('id')
    .where('agent_id', '=', agent.id)
    .where('kind', '=', 'function')
    .executeTakeFirst();
  if (found) return found.id;
  // The name is unique per agent; a user's source of that name keeps it and ours gets a suffix.
  const taken = await trx
    .selectFrom('data_sources')
    .select('id')
    .where('agent_id', '=', agent.id)
    .where('name', '=', functionSourceName)
    .executeTakeFirst();
  const inserted = await trx
    .insertInto('data_sources')
    .values({
      public_id: newPublicId(),
      company_id: agent.companyId,
      agent_id: agent.id,
      name: taken ? `${functionSourceName} (${newPublicId().slice(0, 4)})` : functionSourceName,
      kind: 'function',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
