import type { Db } from '../../db/client.ts';
import type { Expression, SqlBool } from 'kysely';
import { newPublicId } from '../../http/ids.ts';
import type { Cursor } from '../../http/paging.ts';
import type { AlarmConditionTable } from '../../db/schema.ts';

/** A condition with what its wire shape names: the agent and the tag. */
export function selectConditions(db: Db) {
  return db
    .selectFrom('alarm_conditions as c')
    .innerJoin('agents as a', 'a.id', 'c.agent_id')
    .innerJoin('tags as t', 't.id', 'c.tag_id')
    .selectAll('c')
    .select(['a.public_id as agent_public_id', 'a.name as agent_name'])
    .select(['t.public_id as tag_public_id', 't.name as tag_name', 't.unit as tag_unit']);
}
export type ConditionRow = Awaited<
  ReturnType<ReturnType<typeof selectConditions>['executeTakeFirstOrThrow']>
>;

export function listConditionsOfAgent(db: Db, agentId: number, after: Cursor | null, limit: number) {
  let query = selectConditions(db).where('c.agent_id', '=', agentId);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('c.created_at', '>', after.at),
        eb.and([eb('c.created_at', '=', after.at), eb('c.public_id', '>', after.publicId)]),
      ]),
    );
  return query.orderBy('c.created_at').orderBy('c.public_id').limit(limit).execute();
}

export function findConditionInCompany(db: Db, companyId: number, publicId: string) {
  return selectConditions(db)
    .where('c.company_id', '=', companyId)
    .where('c.public_id', '=', publicId)
    .executeTakeFirst();
}

export function findConditionById(db: Db, id: number) {
  return selectConditions(db).where('c.id', '=', id).executeTakeFirstOrThrow();
}

export async function countConditionsOfAgent(db: Db, agentId: number) {
  const row = await db
    .selectFrom('alarm_conditions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('agent_id', '=', agentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findTagOfAgent(db: Db, agentId: number, tagPublicId: string) {
  return db
    .selectFrom('tags')
    .select(['id', 'public_id'])
    .where('agent_id', '=', agentId)
    .where('public_id', '=', tagPublicId)
    .executeTakeFirst();
}

export type ConditionValues = Pick<AlarmConditionTable, 'name' | 'kind' | 'threshold' | 'tag_id'> & {
  hysteresis: number;
  delay_seconds: number;
  severity: 'info' | 'warning' | 'critical';
  enabled: boolean;
};

export async function insertCondition(
  db: Db,
  owner: { companyId: number; agentId: number },
  values: ConditionValues,
) {
  const row = await db
    .insertInto('alarm_conditions')
    .values({ public_id: newPublicId(), company_id: owner.companyId, agent_id: owner.agentId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** With `restart`, the evaluation starts afresh: no pending delay, no remembered value. */
export async function updateCondition(db: Db, id: number, values: ConditionValues, restart: boolean) {
  await db
    .updateTable('alarm_conditions')
    .set(restart ? { ...values, pending_since: null, last_value: null, last_time: null } : values)
    .where('id', '=', id)
    .execute();
}

export async function deleteCondition(db: Db, id: number) {
  await db.deleteFrom('alarm_conditions').where('id', '=', id).execute();
}

/** Clears the condition's open occurrence (its rule changed or it was disabled); answers its id. */
export async function clearOpenAlarmOf(db: Db, conditionId: number, at: Date) {
  const row = await db
    .updateTable('alarms')
    .set({ cleared_at: at })
    .where('condition_id', '=', conditionId)
    .where('cleared_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** An occurrence with what its wire shape names. */
export function selectAlarms(db: Db) {
  return db
    .selectFrom('alarms as o')
    .innerJoin('alarm_conditions as c', 'c.id', 'o.condition_id')
    .innerJoin('agents as a', 'a.id', 'o.agent_id')
    .innerJoin('tags as t', 't.id', 'o.tag_id')
    .leftJoin('users as u', 'u.id', 'o.acknowledged_by_user_id')
    .selectAll('o')
    .select([
      'c.public_id as condition_public_id',
      'c.name as condition_name',
      'c.kind as condition_kind',
      'c.threshold as condition_threshold',
      'a.public_id as agent_public_id',
      'a.name as agent_name',
      't.public_id as tag_public_id',
      't.name as tag_name',
      't.unit as tag_unit',
      'u.public_id as acknowledged_by_public_id',
      'u.name as acknowledged_by_name',
    ]);
}
export type AlarmRow = Awaited<ReturnType<ReturnType<typeof selectAlarms>['executeTakeFirstOrThrow']>>;

export function findAlarmsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectAlarms(db).where('o.id', 'in', ids).execute();
}

export async function insertSubscription(
  db: Db,
  row: { userId: number; agentId: number; companyId: number },
) {
  await db
    .insertInto('alarm_subscriptions')
    .values({ user_id: row.userId, agent_id: row.agentId, company_id: row.companyId })
    .onConflict((c) => c.columns(['user_id', 'agent_id']).doNothing())
    .execute();
}

export async function deleteSubscription(db: Db, userId: number, agentId: number) {
  await db
    .deleteFrom('alarm_subscriptions')
    .where('user_id', '=', userId)
    .where('agent_id', '=', agentId)
    .execute();
}

export async function hasSubscription(db: Db, userId: number, agentId: number) {
  const row = await db
    .selectFrom('alarm_subscriptions')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return row !== undefined;
}

export type AlarmListQuery = {
  companyId: number;
  agentId?: number;
  /** Open: not cleared, or cleared but never acknowledged (still wanting attention). */
  openOnly: boolean;
  visible: Expression<SqlBool> | null;
  after: Cursor | null;
  limit: number;
};

/** Newest first (by when raised), keyset-paged. */
export function listAlarms(db: Db, q: AlarmListQuery) {
  let query = selectAlarms(db).where('o.company_id', '=', q.companyId);
  if (q.agentId !== undefined) query = query.where('o.agent_id', '=', q.agentId);
  if (q.openOnly)
    query = query.where((eb) => eb.or([eb('o.cleared_at', 'is', null), eb('o.acknowledged_at', 'is', null)]));
  if (q.visible) query = query.where(q.visible);
  const after = q.after;
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('o.raised_at', '<', after.at),
        eb.and([eb('o.raised_at', '=', after.at), eb('o.public_id', '<', after.publicId)]),
      ]),
    );
  return query.orderBy('o.raised_at', 'desc').orderBy('o.public_id', 'desc').limit(q.limit).execute();
}
