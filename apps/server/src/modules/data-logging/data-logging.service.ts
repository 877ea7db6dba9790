import { sql } from 'kysely';
import {
  dataLoggingErrors,
  dataLoggingLimits,
  errorMessages,
  modbusAddressPattern,
  type DataSource,
  type DataSourceKind,
  type DataSourceCreateInput,
  type DataSourcePatchInput,
  type Tag,
  type TagCreateInput,
  type TagPatchInput,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError, badRequest, conflict } from '../../http/errors.ts';
import { newPublicId, publicIdPattern } from '../../http/ids.ts';
import type { MutationContext, Viewer } from '../../http/resource.ts';
import { agentVisibility } from '../agents/agent-visibility.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { presentDataSource, presentTag } from './data-logging.presenter.ts';
import {
  countDataSourcesOfAgent,
  countTagsOfAgent,
  dataSourceRows,
  lockAgent,
  tagRows,
  type DataSourceRow,
  type TagRow,
} from './data-logging.repository.ts';

export type LoggingAgent = { id: number; publicId: string; companyId: number; name: string };

const notFound = (propertyName?: string) =>
  new ApiError(404, [{ message: errorMessages.notFound, ...(propertyName ? { propertyName } : {}) }]);

/** The agent of the company acted in, if the reader sees it; otherwise 404. */
export async function visibleAgent(db: Db, viewer: Viewer, publicId: string): Promise<LoggingAgent> {
  if (!publicIdPattern.test(publicId)) throw notFound();
  let query = db
    .selectFrom('agents')
    .select(['id', 'public_id', 'company_id', 'name'])
    .where('company_id', '=', viewer.company.id)
    .where('public_id', '=', publicId);
  const visible = agentVisibility(viewer, sql.ref<number>('agents.id'));
  if (visible) query = query.where(visible);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return { id: row.id, publicId: row.public_id, companyId: row.company_id, name: row.name };
}

/** A data source of the company whose agent the reader sees; otherwise 404. */
export async function visibleDataSource(db: Db, viewer: Viewer, publicId: string, forUpdate = false) {
  if (!publicIdPattern.test(publicId)) throw notFound();
  let query = dataSourceRows(db)
    .where('ds.company_id', '=', viewer.company.id)
    .where('ds.public_id', '=', publicId);
  const visible = agentVisibility(viewer, sql.ref<number>('ds.agent_id'));
  if (visible) query = query.where(visible);
  if (forUpdate) query = query.forUpdate('ds');
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A tag of the company whose agent the reader sees; otherwise 404. */
export async function visibleTag(db: Db, viewer: Viewer, publicId: string, forUpdate = false) {
  if (!publicIdPattern.test(publicId)) throw notFound();
  let query = tagRows(db).where('t.company_id', '=', viewer.company.id).where('t.public_id', '=', publicId);
  const visible = agentVisibility(viewer, sql.ref<number>('t.agent_id'));
  if (visible) query = query.where(visible);
  if (forUpdate) query = query.forUpdate('t');
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function audit(
  trx: Db,
  ctx: MutationContext,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  rel: string,
  publicId: string,
  before: unknown,
  after: unknown,
) {
  await writeAudit(trx, {
    companyId: ctx.company.id,
    actorUserId: ctx.user.id,
    action,
    rel,
    publicId,
    before,
    after,
    clientAddress: ctx.clientAddress,
  });
}

/** Resolves the kind's own references and refuses the other kind's fields. */
async function sourceReferences(
  db: Db,
  agent: LoggingAgent,
  kind: DataSourceKind,
  input: Pick<DataSourcePatchInput, 'server' | 'mqttBroker' | 'unitId'>,
): Promise<{ agentServerId?: number | null; mqttBrokerId?: number | null; unitId?: number }> {
  const out: { agentServerId?: number | null; mqttBrokerId?: number | null; unitId?: number } = {};
  if (kind === 'modbus') {
    if (input.mqttBroker) throw badRequest(dataLoggingErrors.dataSourceKindFields, 'mqttBroker');
    if (input.server !== undefined) {
      if (input.server === null) throw badRequest(errorMessages.required, 'server');
      const service = await db
        .selectFrom('agent_servers')
        .select('id')
        .where('agent_id', '=', agent.id)
        .where('public_id', '=', input.server.publicId)
        .executeTakeFirst();
      // Not one of this agent's services (unknown, another agent's or another company's): 404.
      if (!service) throw notFound('server.publicId');
      out.agentServerId = service.id;
    }
    if (input.unitId !== undefined) out.unitId = input.unitId;
  } else if (kind === 'function') {
    // Written by backend components: nothing to connect to.
    for (const field of ['server', 'unitId', 'mqttBroker'] as const)
      if (input[field] !== undefined) throw badRequest(dataLoggingErrors.dataSourceKindFields, field);
  } else {
    if (input.server) throw badRequest(dataLoggingErrors.dataSourceKindFields, 'server');
    if (input.unitId !== undefined) throw badRequest(dataLoggingErrors.dataSourceKindFields, 'unitId');
    if (input.mqttBroker !== undefined) {
      if (input.mqttBroker === null) throw badRequest(errorMessages.required, 'mqttBroker');
      const broker = await db
        .selectFrom('mqtt_brokers')
        .select('id')
        .where('company_id', '=', agent.companyId)
        .where('public_id', '=', input.mqttBroker.publicId)
        .executeTakeFirst();
      if (!broker) throw notFound('mqttBroker.publicId');
      out.mqttBrokerId = broker.id;
    }
  }
  return out;
}

async function assertSourceNameFree(db: Db, agentId: number, name: string, exceptId?: number) {
  const taken = await db
    .selectFrom('data_sources')
    .select('id')
    .where('agent_id', '=', agentId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (taken && taken.id !== exceptId) throw conflict(errorMessages.nameInUse, 'name');
}

async function assertTagNameFree(db: Db, agentId: number, name: string, exceptId?: number) {
  const taken = await db
    .selectFrom('tags')
    .select('id')
    .where('agent_id', '=', agentId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (taken && taken.id !== exceptId) throw conflict(errorMessages.nameInUse, 'name');
}

export async function createDataSource(
  trx: Db,
  ctx: MutationContext,
  agent: LoggingAgent,
  input: DataSourceCreateInput,
): Promise<DataSource> {
  await lockAgent(trx, agent.id);
  if ((await countDataSourcesOfAgent(trx, agent.id)) >= dataLoggingLimits.dataSourcesPerAgent)
    throw badRequest(`At most ${dataLoggingLimits.dataSourcesPerAgent} data sources per agent`);
  const refs = await sourceReferences(trx, agent, input.kind, input);
  if (input.kind === 'modbus' && refs.agentServerId === undefined)
    throw badRequest(errorMessages.required, 'server');
  if (input.kind === 'mqtt' && refs.mqttBrokerId === undefined)
    throw badRequest(errorMessages.required, 'mqttBroker');
  await assertSourceNameFree(trx, agent.id, input.name);
  const publicId = newPublicId();
  await trx
    .insertInto('data_sources')
    .values({
      public_id: publicId,
      company_id: agent.companyId,
      agent_id: agent.id,
      name: input.name,
      kind: input.kind,
      agent_server_id: refs.agentServerId ?? null,
      mqtt_broker_id: refs.mqttBrokerId ?? null,
      ...(refs.unitId !== undefined ? { unit_id: refs.unitId } : {}),
    })
    .execute();
  const created = presentDataSource(
    await dataSourceRows(trx).where('ds.public_id', '=', publicId).executeTakeFirstOrThrow(),
  );
  await audit(trx, ctx, 'CREATE', 'DataSource', publicId, undefined, created);
  return created;
}

export async function changeDataSource(
  trx: Db,
  ctx: MutationContext,
  row: DataSourceRow,
  input: DataSourcePatchInput,
): Promise<DataSource> {
  const before = presentDataSource(row);
  const agent = {
    id: row.agent_id,
    publicId: row.agent_public_id,
    companyId: row.company_id,
    name: row.agent_name,
  };
  await lockAgent(trx, agent.id);
  const refs = await sourceReferences(trx, agent, row.kind, input);
  if (input.name !== undefined) await assertSourceNameFree(trx, agent.id, input.name, row.id);
  const values = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(refs.agentServerId !== undefined ? { agent_server_id: refs.agentServerId } : {}),
    ...(refs.mqttBrokerId !== undefined ? { mqtt_broker_id: refs.mqttBrokerId } : {}),
    ...(refs.unitId !== undefined ? { unit_id: refs.unitId } : {}),
  };
  if (Object.keys(values).length === 0) return before;
  await trx.updateTable('data_sources').set(values).where('id', '=', row.id).execute();
  const after = presentDataSource(
    await dataSourceRows(trx).where('ds.id', '=', row.id).executeTakeFirstOrThrow(),
  );
  await audit(trx, ctx, 'UPDATE', 'DataSource', row.public_id, before, after);
  return after;
}

export async function removeDataSource(
  trx: Db,
  ctx: MutationContext,
  row: DataSourceRow,
): Promise<DataSource> {
  const inUse = await trx
    .selectFrom('tags')
    .select('id')
    .where('data_source_id', '=', row.id)
    .executeTakeFirst();
  if (inUse) throw conflict(dataLoggingErrors.dataSourceInUse);
  await trx.deleteFrom('data_sources').where('id', '=', row.id).execute();
  const before = presentDataSource(row);
  await audit(trx, ctx, 'DELETE', 'DataSource', row.public_id, before, undefined);
  return before;
}

/** The address must suit the source's kind and, for Modbus, the data type (bool only on coils and inputs). */
function checkAddress(kind: DataSourceKind, address: string, dataType: Tag['dataType']) {
  if (kind === 'modbus') {
    const match = modbusAddressPattern.exec(address);
    if (!match || Number(match[2]) > 65_535) throw badRequest(dataLoggingErrors.addressInvalid, 'address');
    const area = match[1];
    if ((area === 'coil' || area === 'di') && dataType !== 'bool')
      throw badRequest(dataLoggingErrors.addressInvalid, 'dataType');
  } else if (kind === 'mqtt' && /[#+]/.test(address)) {
    throw badRequest(dataLoggingErrors.addressInvalid, 'address');
  }
}

async function sourceOfAgent(trx: Db, agentId: number, publicId: string) {
  const source = await trx
    .selectFrom('data_sources')
    .select(['id', 'kind'])
    .where('agent_id', '=', agentId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
  if (!source) throw notFound('dataSource.publicId');
  return source;
}

export async function createTag(
  trx: Db,
  ctx: MutationContext,
  agent: LoggingAgent,
  input: TagCreateInput,
): Promise<Tag> {
  await lockAgent(trx, agent.id);
  if ((await countTagsOfAgent(trx, agent.id)) >= dataLoggingLimits.tagsPerAgent)
    throw badRequest(dataLoggingErrors.tagLimit);
  const source = await sourceOfAgent(trx, agent.id, input.dataSource.publicId);
  checkAddress(source.kind, input.address, input.dataType);
  await assertTagNameFree(trx, agent.id, input.name);
  const publicId = newPublicId();
  await trx
    .insertInto('tags')
    .values({
      public_id: publicId,
      company_id: agent.companyId,
      agent_id: agent.id,
      data_source_id: source.id,
      name: input.name,
      address: input.address,
      data_type: input.dataType,
      ...(input.scale !== undefined ? { scale: input.scale } : {}),
      ...(input.unit !== undefined ? { unit: input.unit } : {}),
      ...(input.sampleIntervalSeconds !== undefined
        ? { sample_interval_seconds: input.sampleIntervalSeconds }
        : {}),
      ...(input.logMode !== undefined ? { log_mode: input.logMode } : {}),
    })
    .execute();
  const created = presentTag(
    await tagRows(trx).where('t.public_id', '=', publicId).executeTakeFirstOrThrow(),
  );
  await audit(trx, ctx, 'CREATE', 'Tag', publicId, undefined, created);
  return created;
}

export async function changeTag(
  trx: Db,
  ctx: MutationContext,
  row: TagRow,
  input: TagPatchInput,
): Promise<Tag> {
  const before = presentTag(row);
  await lockAgent(trx, row.agent_id);
  const source =
    input.dataSource !== undefined
      ? await sourceOfAgent(trx, row.agent_id, input.dataSource.publicId)
      : { id: row.data_source_id, kind: row.source_kind };
  checkAddress(source.kind, input.address ?? row.address, input.dataType ?? row.data_type);
  if (input.name !== undefined) await assertTagNameFree(trx, row.agent_id, input.name, row.id);
  await trx
    .updateTable('tags')
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      data_source_id: source.id,
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.dataType !== undefined ? { data_type: input.dataType } : {}),
      ...(input.scale !== undefined ? { scale: input.scale } : {}),
      ...(input.unit !== undefined ? { unit: input.unit } : {}),
      ...(input.sampleIntervalSeconds !== undefined
        ? { sample_interval_seconds: input.sampleIntervalSeconds }
        : {}),
      ...(input.logMode !== undefined ? { log_mode: input.logMode } : {}),
      updated_at: sql`clock_timestamp()`,
    })
    .where('id', '=', row.id)
    .execute();
  const after = presentTag(await tagRows(trx).where('t.id', '=', row.id).executeTakeFirstOrThrow());
  await audit(trx, ctx, 'UPDATE', 'Tag', row.public_id, before, after);
  return after;
}

/** Deletes the tag; its samples go with the retention job (set-based, not row by row here). */
export async function removeTag(trx: Db, ctx: MutationContext, row: TagRow): Promise<Tag> {
  await trx.deleteFrom('tags').where('id', '=', row.id).execute();
  const before = presentTag(row);
  await audit(trx, ctx, 'DELETE', 'Tag', row.public_id, before, undefined);
  return before;
}
