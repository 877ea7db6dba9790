import { sql } from 'kysely';
import type { BackendComponentSubscriptionKind } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';

/** A subscription that should run, with what the run needs. */
export type MatchedSubscription = {
  subscriptionId: number;
  subscriptionPublicId: string;
  /** The company the run belongs to (the subscriber). */
  companyId: number;
  templateId: number;
  templatePublicId: string;
  templateName: string;
  code: string;
  /** The company that wrote the template: the subscriber's own, or one that shares it. */
  ownerCompanyId: number;
  agentId: number | null;
  /** All tags the subscription names (tag samples only). */
  tagIds: number[];
  cron: string | null;
  lastScheduledFor: Date | null;
};

/**
 * Enabled subscriptions that may run: the subscriber still has the backend-components app, and
 * the template is its own or still shared with it (a revoked share stops its runs even if a
 * subscription were left behind).
 */
function selectRunnable(db: Db) {
  return db
    .selectFrom('backend_component_message_subscriptions as s')
    .innerJoin('backend_component_templates as t', 't.id', 's.template_id')
    .select([
      's.id as subscriptionId',
      's.public_id as subscriptionPublicId',
      's.company_id as companyId',
      't.id as templateId',
      't.public_id as templatePublicId',
      't.name as templateName',
      't.code as code',
      't.company_id as ownerCompanyId',
      's.agent_id as agentId',
      sql<
        number[]
      >`array(select st.tag_id from backend_component_subscription_tags st where st.subscription_id = s.id order by st.tag_id)`.as(
        'tagIds',
      ),
      's.cron as cron',
      's.last_scheduled_for as lastScheduledFor',
    ])
    .where('s.enabled', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('company_apps')
          .select('company_apps.app')
          .whereRef('company_apps.company_id', '=', 's.company_id')
          .where('company_apps.app', '=', 'backendComponents'),
      ),
    )
    .where((eb) =>
      eb.or([
        eb('t.company_id', '=', eb.ref('s.company_id')),
        eb.exists(
          eb
            .selectFrom('backend_component_template_shares as share')
            .select('share.id')
            .whereRef('share.template_id', '=', 't.id')
            .whereRef('share.company_id', '=', 's.company_id'),
        ),
      ]),
    );
}

/**
 * The company's subscriptions of a kind that a message matches. With `agentId` (or the agent's
 * `agentPublicId`, looked up in the same statement), only those for that agent or for any agent;
 * with `tagIds` (tag samples), only those naming one of the tags.
 */
export async function findSubscriptionsFor(
  db: Db,
  companyId: number,
  kind: BackendComponentSubscriptionKind,
  match: { agentId?: number; agentPublicId?: string; tagIds?: number[] } = {},
): Promise<MatchedSubscription[]> {
  let query = selectRunnable(db).where('s.company_id', '=', companyId).where('s.kind', '=', kind);
  const { agentId, agentPublicId, tagIds } = match;
  if (agentId !== undefined) {
    query = query.where((eb) => eb.or([eb('s.agent_id', 'is', null), eb('s.agent_id', '=', agentId)]));
  }
  if (agentPublicId !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('s.agent_id', 'is', null),
        eb(
          's.agent_id',
          '=',
          eb
            .selectFrom('agents as a')
            .select('a.id')
            .where('a.company_id', '=', companyId)
            .where('a.public_id', '=', agentPublicId),
        ),
      ]),
    );
  }
  if (tagIds !== undefined) {
    if (tagIds.length === 0) return [];
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('backend_component_subscription_tags as st')
          .select('st.tag_id')
          .whereRef('st.subscription_id', '=', 's.id')
          .where('st.tag_id', 'in', tagIds),
      ),
    );
  }
  return query.orderBy('s.id').execute();
}

/** Every company's runnable schedules, for the process that decides which are due. */
export function findScheduledSubscriptions(db: Db): Promise<MatchedSubscription[]> {
  return selectRunnable(db).where('s.kind', '=', 'schedule').orderBy('s.id').execute();
}

/** One subscription, if it may still run (enabled, app installed, template own or still shared). */
export function findRunnableSubscription(
  db: Db,
  subscriptionId: number,
): Promise<MatchedSubscription | undefined> {
  return selectRunnable(db).where('s.id', '=', subscriptionId).executeTakeFirst();
}
