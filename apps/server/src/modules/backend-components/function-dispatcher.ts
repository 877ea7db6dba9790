import { Cron } from 'croner';
import type { BackendComponentSubscriptionKind } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { DomainEvent } from '../../events/domain-events.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { ReactionsCache } from '../../events/company-reactions.ts';
import type { IngestAgent } from '../data-logging/sample-ingest.ts';
import { wakeJobQueues } from '../../jobs/queue/job-queue.ts';
import { countFunctionRuns, insertFunctionRun } from './function-run.repository.ts';
import { functionRunLimits, type FunctionRunLimits, type QueuedRun } from './function-worker.ts';
import { addDroppedRuns } from './message-subscription.repository.ts';
import {
  findScheduledSubscriptions,
  findSubscriptionsFor,
  type MatchedSubscription,
} from './subscription-match.ts';

/** A function's derived values trigger functions too, but not beyond this many rounds. */
export const maxTriggerDepth = 3;
/** Schedules are checked this often; a minute missed by more than `catchUpMs` is skipped. */
const scheduleCheckMs = 15_000;
const catchUpMs = 120_000;

type Log = { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
type Run = { subscription: Pick<MatchedSubscription, 'subscriptionId'> } & Omit<QueuedRun, 'subscriptionId'>;

/**
 * Turns this process's domain events and due schedules into runs of the subscribed templates,
 * queued in the database for the function workers of all processes (function-worker.ts). A domain
 * event is raised once, in the process that committed it, so each message runs each matching
 * subscription once; a schedule's minute is claimed in the database first, so it runs once
 * however many processes check it. A company with too many runs waiting loses its new ones,
 * counted on their subscriptions.
 */
export function startFunctionDispatcher(
  deps: { db: Db; events: EventBus; log: Log; reactions?: ReactionsCache | undefined },
  options: { scheduleCheckMs?: number | false; limits?: FunctionRunLimits } = {},
) {
  const { db, log } = deps;
  const limits = options.limits ?? functionRunLimits;
  let stopped = false;
  let dispatching = 0;

  // Drops come in floods: they are counted here, and each write takes all counted meanwhile.
  let dropped = new Map<number, number>();
  let flushing: Promise<void> | undefined;
  function flushDropped() {
    flushing ??= (async () => {
      await Promise.resolve();
      while (dropped.size > 0) {
        const counts = dropped;
        dropped = new Map();
        const runs = [...counts.values()].reduce((sum, count) => sum + count, 0);
        log.warn({ subscriptions: [...counts.keys()], runs }, 'backend component runs dropped: queue full');
        await addDroppedRuns(db, counts).catch((error: unknown) =>
          log.error({ err: error }, 'backend component dropped runs not counted'),
        );
      }
    })().finally(() => {
      flushing = undefined;
      // A drop counted after the loop saw none, before this ran, found a flush still going.
      if (dropped.size > 0) flushDropped();
    });
  }

  async function enqueue({ subscription, ...run }: Run) {
    const payload: QueuedRun = { subscriptionId: subscription.subscriptionId, ...run };
    const queued = await insertFunctionRun(
      db,
      { companyId: run.scope.companyId, payload, maxAttempts: limits.attempts },
      limits.queuedPerCompany,
    );
    if (queued) return wakeJobQueues();
    dropped.set(subscription.subscriptionId, (dropped.get(subscription.subscriptionId) ?? 0) + 1);
    flushDropped();
  }

  async function dispatch(event: DomainEvent) {
    // On PostgreSQL, companies known to have no subscriptions at all cost no lookup.
    if (deps.reactions && !(await deps.reactions.of(event.companyId)).subscriptions) return;
    if (event.type === 'TagSamples') return dispatchSamples(event);
    // Every agent's attach and detach comes here, and most companies subscribe to nothing: the
    // subscriptions are looked up first (naming the agent by its publicId), the agent only when
    // one matched.
    const agentPublicId = agentOf(event);
    const subscriptions = await findSubscriptionsFor(db, event.companyId, kindOf[event.type], {
      agentPublicId,
    });
    if (subscriptions.length === 0) return;
    const agent = await findAgent(db, event.companyId, agentPublicId);
    if (!agent) return;
    const scope = { companyId: event.companyId, agent: ingestAgent(agent), depth: 0 };
    for (const subscription of subscriptions)
      await enqueue({ subscription, trigger: triggerOf(event), message: messageOf(event, agent), scope });
  }

  async function dispatchSamples(event: Extract<DomainEvent, { type: 'TagSamples' }>) {
    if (event.depth >= maxTriggerDepth) return;
    const agent = await findAgent(db, event.companyId, event.agent.publicId);
    if (!agent) return;
    const scope = { companyId: event.companyId, agent: ingestAgent(agent), depth: event.depth };
    const tags = await findTags(
      db,
      agent.id,
      event.samples.map((sample) => sample.tag.publicId),
    );
    const subscriptions = await findSubscriptionsFor(db, event.companyId, 'tagSamples', {
      agentId: agent.id,
      tagIds: [...tags.values()].map((tag) => tag.id),
    });
    for (const subscription of subscriptions) {
      const samples = event.samples.flatMap((sample) => {
        const tag = tags.get(sample.tag.publicId);
        return tag && subscription.tagIds.includes(tag.id)
          ? [
              {
                tag: { publicId: sample.tag.publicId, name: tag.name },
                time: sample.time,
                value: sample.value,
              },
            ]
          : [];
      });
      const message = { type: 'tagSamples', agent: agentRef(agent), samples };
      await enqueue({ subscription, trigger: `${samples.length} tag sample(s)`, message, scope });
    }
  }

  async function runDueSchedules(now = new Date()) {
    for (const subscription of await findScheduledSubscriptions(db)) {
      const due = latestDue(subscription, now);
      if (!due || !(await claimMinute(db, subscription.subscriptionId, due))) continue;
      const agent = subscription.agentId ? ((await findAgentById(db, subscription.agentId)) ?? null) : null;
      await enqueue({
        subscription,
        trigger: `schedule ${subscription.cron}`,
        message: { type: 'schedule', scheduledFor: due.toISOString(), agent: agent ? agentRef(agent) : null },
        scope: { companyId: subscription.companyId, agent: agent ? ingestAgent(agent) : null, depth: 0 },
      });
    }
  }

  const stopListening = deps.events.domain.on(async (event) => {
    if (stopped) return;
    dispatching += 1;
    try {
      await dispatch(event);
    } finally {
      dispatching -= 1;
    }
  });
  const scheduleEvery = options.scheduleCheckMs ?? scheduleCheckMs;
  const timer =
    scheduleEvery === false
      ? undefined
      : setInterval(() => {
          runDueSchedules().catch((error: unknown) =>
            log.error({ err: error }, 'backend component schedules failed'),
          );
        }, scheduleEvery);
  timer?.unref();

  return {
    /** Queues the runs one domain event asks for (tests await it rather than emitting). */
    dispatch,
    runDueSchedules,
    /**
     * Events being dispatched here, and the company's runs queued or running in any process
     * (tests wait for none; other companies' runs are other tests').
     */
    async pending(companyId: number): Promise<number> {
      return dispatching + (flushing ? 1 : 0) + (await countFunctionRuns(db, companyId));
    },
    stop() {
      stopped = true;
      stopListening();
      clearInterval(timer);
    },
  };
}

export type FunctionDispatcher = ReturnType<typeof startFunctionDispatcher>;

const kindOf: Record<Exclude<DomainEvent['type'], 'TagSamples'>, BackendComponentSubscriptionKind> = {
  AlarmRaised: 'alarmRaised',
  AccessRequestDecided: 'accessRequestDecided',
  AgentStatusChanged: 'agentStatus',
};

type AgentRow = { id: number; public_id: string; name: string; company_id: number };

function agentOf(event: Exclude<DomainEvent, { type: 'TagSamples' }>): string {
  if (event.type === 'AlarmRaised') return event.alarm.agent.publicId;
  if (event.type === 'AccessRequestDecided') return event.request.agent.publicId;
  return event.agent.publicId;
}

const agentRef = (agent: AgentRow) => ({ publicId: agent.public_id, name: agent.name });
const ingestAgent = (agent: AgentRow): IngestAgent => ({
  id: agent.id,
  publicId: agent.public_id,
  companyId: agent.company_id,
});

function triggerOf(event: Exclude<DomainEvent, { type: 'TagSamples' }>): string {
  if (event.type === 'AlarmRaised') return `alarm ${event.alarm.condition.name}`;
  if (event.type === 'AccessRequestDecided') return `access request ${event.request.status}`;
  return `device ${event.status}`;
}

function messageOf(event: Exclude<DomainEvent, { type: 'TagSamples' }>, agent: AgentRow) {
  if (event.type === 'AlarmRaised') return { type: 'alarmRaised', alarm: event.alarm };
  if (event.type === 'AccessRequestDecided') return { type: 'accessRequestDecided', request: event.request };
  return { type: 'agentStatus', agent: agentRef(agent), status: event.status };
}

function latestDue(subscription: MatchedSubscription, now: Date): Date | null {
  if (!subscription.cron) return null;
  const since = Math.max(now.getTime() - catchUpMs, subscription.lastScheduledFor?.getTime() ?? 0);
  const cron = new Cron(subscription.cron, { mode: '5-part', timezone: 'UTC', paused: true });
  let due: Date | null = null;
  for (let next = cron.nextRun(new Date(since)); next && next <= now; next = cron.nextRun(next)) due = next;
  return due;
}

/** Takes a schedule's minute for this process; false when another process (or run) had it. */
async function claimMinute(db: Db, subscriptionId: number, due: Date): Promise<boolean> {
  const claimed = await db
    .updateTable('backend_component_message_subscriptions')
    .set({ last_scheduled_for: due })
    .where('id', '=', subscriptionId)
    .where((eb) => eb.or([eb('last_scheduled_for', 'is', null), eb('last_scheduled_for', '<', due)]))
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

function findAgent(db: Db, companyId: number, publicId: string): Promise<AgentRow | undefined> {
  return db
    .selectFrom('agents')
    .select(['id', 'public_id', 'name', 'company_id'])
    .where('company_id', '=', companyId)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

function findAgentById(db: Db, id: number): Promise<AgentRow | undefined> {
  return db
    .selectFrom('agents')
    .select(['id', 'public_id', 'name', 'company_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

async function findTags(db: Db, agentId: number, publicIds: string[]) {
  const rows =
    publicIds.length === 0
      ? []
      : await db
          .selectFrom('tags')
          .select(['id', 'public_id', 'name'])
          .where('agent_id', '=', agentId)
          .where('public_id', 'in', [...new Set(publicIds)])
          .execute();
  return new Map(rows.map((row) => [row.public_id, { id: row.id, name: row.name }]));
}
