import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { isAppInstalled } from '../apps/app-installation.ts';
import { isAppActiveOnAgent } from '../licences/app-activation.ts';
import {
  messageRaised,
  prepareAlarmNotifications,
  type AlarmChanges,
  type AlarmNotifyDeps,
} from './alarm-notify.ts';
import { raiseAlarm } from './alarm-evaluator.ts';
import type { RecurringJob } from '../../jobs/queue/job-queue.ts';

/** How often delays are completed without a new sample. */
export const alarmSweepMs = 15_000;

/**
 * Completes the delays whose time is up although no further sample came (a tag logged on
 * change, whose value stays put): the condition held since `pending_since` with its last value,
 * so the occurrence is raised at `pending_since + delay` with that value. Only for enabled
 * conditions of companies with the Alarming app installed and agents with alarming activated,
 * with no open occurrence.
 */
export async function sweepAlarmDelays(db: Db, deps: AlarmNotifyDeps, now = new Date()): Promise<number[]> {
  const { changes, after } = await runInTransaction(db, async (trx) => {
    const due = await trx
      .selectFrom('alarm_conditions')
      .select([
        'id',
        'company_id',
        'agent_id',
        'tag_id',
        'severity',
        'pending_since',
        'delay_seconds',
        'last_value',
      ])
      .where('enabled', '=', true)
      .where('pending_since', 'is not', null)
      .where('last_value', 'is not', null)
      .where(sql<boolean>`pending_since + make_interval(secs => delay_seconds) <= ${now}`)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('alarms')
              .select('alarms.id')
              .whereRef('alarms.condition_id', '=', 'alarm_conditions.id')
              .where('alarms.cleared_at', 'is', null),
          ),
        ),
      )
      .orderBy('id')
      .limit(500)
      .forUpdate()
      .skipLocked()
      .execute();
    const changes: AlarmChanges = { changed: [], raised: [] };
    const installed = new Map<number, boolean>();
    const active = new Map<number, boolean>();
    for (const condition of due) {
      if (!installed.has(condition.company_id))
        installed.set(condition.company_id, await isAppInstalled(trx, condition.company_id, 'alarming'));
      if (!installed.get(condition.company_id)) continue;
      if (!active.has(condition.agent_id))
        active.set(condition.agent_id, await isAppActiveOnAgent(trx, condition.agent_id, 'alarming', now));
      if (!active.get(condition.agent_id)) continue;
      const at = new Date(condition.pending_since!.getTime() + condition.delay_seconds * 1000);
      const id = await raiseAlarm(trx, condition, condition.last_value!, at);
      await trx
        .updateTable('alarm_conditions')
        .set({ pending_since: null })
        .where('id', '=', condition.id)
        .execute();
      changes.changed.push(id);
      changes.raised.push(id);
    }
    if (changes.raised.length === 0) return { changes, after: undefined };
    await messageRaised(trx, deps.config, changes.raised);
    return { changes, after: await prepareAlarmNotifications(trx, deps, changes) };
  });
  if (after)
    await after().catch((error: unknown) => deps.log.error({ err: error }, 'alarm notifications failed'));
  return changes.raised;
}

/**
 * The sweep as a recurring job, once every `alarmSweepMs` across all server processes. A
 * singleton that is not retried: the next slot sweeps the same conditions again.
 */
export function alarmSweepJob(db: Db, deps: AlarmNotifyDeps): RecurringJob {
  return {
    name: 'alarms.delay-sweep',
    everyMs: alarmSweepMs,
    singleton: true,
    maxAttempts: 1,
    run: async () => {
      await sweepAlarmDelays(db, deps);
    },
  };
}
