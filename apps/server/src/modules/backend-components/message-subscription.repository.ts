import { sql } from 'kysely';
import type { BackendComponentSubscriptionKind } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

function selectSubscriptions(db: Db, companyId: number) {
  return db
    .selectFrom('backend_component_message_subscriptions as s')
    .innerJoin('backend_component_templates as template', 'template.id', 's.template_id')
    .innerJoin('companies as company', 'company.id', 's.company_id')
    .leftJoin('agents as agent', 'agent.id', 's.agent_id')
    .selectAll('s')
    .select([
      'template.public_id as template_public_id',
      'template.name as template_name',
      'company.public_id as company_public_id',
      'company.name as company_name',
      'agent.public_id as agent_public_id',
      'agent.name as agent_name',
      sql<{ id: number; publicId: string; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', tag.id, 'publicId', tag.public_id, 'name', tag.name) order by tag.name, tag.public_id)
        from backend_component_subscription_tags st join tags tag on tag.id = st.tag_id
        where st.subscription_id = s.id), '[]'::json)`.as('tags'),
    ])
    .where('s.company_id', '=', companyId);
}

export type SubscriptionView = Awaited<ReturnType<typeof findSubscriptions>>[number];

export function listSubscriptions(db: Db, companyId: number, query: ListQuery) {
  return keysetPage(selectSubscriptions(db, companyId), 's', query).execute();
}

export function findSubscriptions(db: Db, companyId: number, publicIds: string[], forUpdate = false) {
  if (publicIds.length === 0) return Promise.resolve([]);
  let query = selectSubscriptions(db, companyId).where('s.public_id', 'in', publicIds);
  if (forUpdate) query = query.forUpdate(['s']);
  return query.execute();
}

export async function countSubscriptions(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('backend_component_message_subscriptions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The company's agent by publicId. */
export function findCompanyAgent(db: Db, companyId: number, publicId: string) {
  return db
    .selectFrom('agents')
    .select(['id', 'public_id'])
    .where('company_id', '=', companyId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

/** Of these tags, the ones of the agent (and so of its company), by publicId. */
export async function tagsOfAgent(
  db: Db,
  agentId: number,
  publicIds: string[],
): Promise<Map<string, number>> {
  if (publicIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'public_id'])
    .where('agent_id', '=', agentId)
    .where('public_id', 'in', publicIds)
    .execute();
  return new Map(rows.map((row) => [row.public_id, row.id]));
}

export type SubscriptionValues = {
  agentId: number | null;
  cron: string | null;
  enabled: boolean;
  tagIds: number[];
};

export async function insertSubscription(
  db: Db,
  companyId: number,
  templateId: number,
  kind: BackendComponentSubscriptionKind,
  publicId: string,
  values: SubscriptionValues,
) {
  const row = await db
    .insertInto('backend_component_message_subscriptions')
    .values({
      public_id: publicId,
      company_id: companyId,
      template_id: templateId,
      kind,
      agent_id: values.agentId,
      cron: values.cron,
      enabled: values.enabled,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceTags(db, row.id, values.tagIds);
}

export async function updateSubscription(db: Db, id: number, values: SubscriptionValues) {
  await db
    .updateTable('backend_component_message_subscriptions')
    .set({
      agent_id: values.agentId,
      cron: values.cron,
      enabled: values.enabled,
      updated_at: sql`clock_timestamp()`,
    })
    .where('id', '=', id)
    .execute();
  await replaceTags(db, id, values.tagIds);
}

async function replaceTags(db: Db, subscriptionId: number, tagIds: number[]) {
  await db
    .deleteFrom('backend_component_subscription_tags')
    .where('subscription_id', '=', subscriptionId)
    .execute();
  if (tagIds.length === 0) return;
  await db
    .insertInto('backend_component_subscription_tags')
    .values(tagIds.map((tagId) => ({ subscription_id: subscriptionId, tag_id: tagId })))
    .execute();
}

export async function deleteSubscription(db: Db, id: number) {
  await db.deleteFrom('backend_component_message_subscriptions').where('id', '=', id).execute();
}

/** Counts runs lost to a full queue, by subscription id: one statement for many drops. */
export async function addDroppedRuns(db: Db, dropped: ReadonlyMap<number, number>) {
  if (dropped.size === 0) return;
  const rows = [...dropped].map(([id, count]) => sql`(${id}::integer, ${count}::integer)`);
  await sql`
    update backend_component_message_subscriptions s
    set dropped_runs = least(2147483647::bigint, s.dropped_runs::bigint + d.count)::integer
    from (values ${sql.join(rows)}) as d(id, count)
    where s.id = d.id`.execute(db);
}
