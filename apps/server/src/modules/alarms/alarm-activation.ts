import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { isAppActiveOnAgent } from '../licences/app-activation.ts';
import { evaluateSamples } from './alarm-evaluator.ts';
import { prepareAlarmNotifications, type AlarmNotifyDeps } from './alarm-notify.ts';

/**
 * Alarming switched on for an agent starts from the machine's present state: every enabled
 * condition is evaluated against its tag's newest value, so an alarm bit that was already set
 * (a value logged on change that stays put) raises at once instead of at its next change. Runs on
 * `LicencesChanged` naming the agent; a condition evaluates a sample once (its `last_time`), so
 * several processes hearing the same event raise one alarm. Returns a function that stops it.
 */
export function evaluateOnAlarmingActivation(db: Db, deps: AlarmNotifyDeps): () => void {
  return deps.events.listen(({ event }) => {
    if (event.type !== 'LicencesChanged' || !event.data.agent) return;
    void evaluateNewestValues(db, deps, event.data.agent.publicId).catch((error: unknown) =>
      deps.log.error({ err: error }, 'alarms not evaluated at activation'),
    );
  });
}

/** Evaluates the agent's conditions against their tags' newest values, while alarming is active. */
export async function evaluateNewestValues(db: Db, deps: AlarmNotifyDeps, agentPublicId: string) {
  const agent = await db
    .selectFrom('agents')
    .select(['id', 'company_id'])
    .where('public_id', '=', agentPublicId)
    .executeTakeFirst();
  if (!agent || !(await isAppActiveOnAgent(db, agent.id, 'alarming'))) return;
  const notify = await runInTransaction(db, async (trx) => {
    const tags = await trx
      .selectFrom('tags')
      .select(['id', 'public_id', 'last_time', 'last_value'])
      .where('agent_id', '=', agent.id)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('alarm_conditions')
          .select('tag_id')
          .where('agent_id', '=', agent.id)
          .where('enabled', '=', true),
      )
      .execute();
    const samples = tags.flatMap((tag) =>
      tag.last_time && tag.last_value !== null
        ? [{ tagId: tag.id, tagPublicId: tag.public_id, time: tag.last_time, value: tag.last_value }]
        : [],
    );
    const changes = await evaluateSamples(trx, deps, {
      companyId: agent.company_id,
      agentId: agent.id,
      agentPublicId,
      samples,
    });
    return changes.changed.length > 0 ? prepareAlarmNotifications(trx, deps, changes) : undefined;
  });
  await notify?.();
}
