import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';
import { isAppInstalled } from '../apps/app-installation.ts';
import { isAppActiveOnAgent } from '../licences/app-activation.ts';
import type { SamplesStored, SamplesStoredListener, StoredSample } from '../data-logging/samples-stored.ts';
import {
  messageRaised,
  prepareAlarmNotifications,
  type AlarmChanges,
  type AlarmNotifyDeps,
} from './alarm-notify.ts';
import { clears, raises } from './alarm-rules.ts';

export type ConditionState = {
  id: number;
  company_id: number;
  agent_id: number;
  tag_id: number;
  kind: 'above' | 'below' | 'equal' | 'changed';
  threshold: number | null;
  hysteresis: number;
  delay_seconds: number;
  severity: 'info' | 'warning' | 'critical';
  pending_since: Date | null;
  last_value: number | null;
  last_time: Date | null;
};

/**
 * The alarm evaluation the data-logging ingest runs inside the transaction that stores a batch
 * (`SamplesStoredListener`), only while the company has the Alarming app installed and alarming
 * is activated for the agent. The enabled
 * conditions of the batch's tags are locked and their samples evaluated in time order per tag;
 * occurrences are raised or cleared and the inbox messages written in the same transaction;
 * live events and e-mails go out once it committed.
 *
 * - above/below/equal: raised at the threshold, cleared past it by the hysteresis (alarm-rules.ts).
 * - delay: the condition must hold for `delaySeconds` of sample time before it raises; the
 *   sweep (`sweepAlarmDelays`) completes a delay when no further sample arrives.
 * - changed: raised by a sample whose value differs from the previous sample, cleared by the
 *   next sample that does not change; the delay does not apply to it.
 * - A sample not newer than the last one the condition evaluated is skipped (a late batch).
 */
export function createAlarmEvaluator(deps: AlarmNotifyDeps): SamplesStoredListener {
  return async (trx, event) => {
    const changes = await evaluateSamples(trx, deps, event);
    if (changes.changed.length === 0) return;
    return prepareAlarmNotifications(trx, deps, changes);
  };
}

/** Evaluates a stored batch; answers the occurrences it changed (raised ones in both lists). */
export async function evaluateSamples(
  trx: Db,
  deps: Pick<AlarmNotifyDeps, 'config'>,
  event: SamplesStored,
  /** Only this condition (a new or changed rule seeing its tag's newest value). */
  onlyConditionId?: number,
): Promise<AlarmChanges> {
  const changes: AlarmChanges = { changed: [], raised: [] };
  if (event.samples.length === 0) return changes;
  const tagIds = [...new Set(event.samples.map((s) => s.tagId))];
  const conditions = await trx
    .selectFrom('alarm_conditions')
    .select([
      'id',
      'company_id',
      'agent_id',
      'tag_id',
      'kind',
      'threshold',
      'hysteresis',
      'delay_seconds',
      'severity',
      'pending_since',
      'last_value',
      'last_time',
    ])
    .where('agent_id', '=', event.agentId)
    .where('tag_id', 'in', tagIds)
    .where('enabled', '=', true)
    .$if(onlyConditionId !== undefined, (query) => query.where('id', '=', onlyConditionId!))
    .orderBy('id')
    .forUpdate()
    .execute();
  if (conditions.length === 0) return changes;
  // Both gates: the company has the Alarming app installed, and it is activated on the agent.
  if (!(await isAppInstalled(trx, event.companyId, 'alarming'))) return changes;
  if (!(await isAppActiveOnAgent(trx, event.agentId, 'alarming'))) return changes;

  const byTag = new Map<number, StoredSample[]>();
  for (const sample of event.samples) byTag.set(sample.tagId, [...(byTag.get(sample.tagId) ?? []), sample]);
  for (const samples of byTag.values()) samples.sort((a, b) => a.time.getTime() - b.time.getTime());

  for (const condition of conditions) {
    await evaluateCondition(trx, condition, byTag.get(condition.tag_id) ?? [], changes);
  }
  if (changes.raised.length > 0) await messageRaised(trx, deps.config, changes.raised);
  return changes;
}

async function evaluateCondition(
  trx: Db,
  condition: ConditionState,
  samples: StoredSample[],
  changes: AlarmChanges,
) {
  let open = await trx
    .selectFrom('alarms')
    .select('id')
    .where('condition_id', '=', condition.id)
    .where('cleared_at', 'is', null)
    .executeTakeFirst();
  let { pending_since: pendingSince, last_value: lastValue, last_time: lastTime } = condition;
  let evaluated = false;
  for (const sample of samples) {
    if (lastTime && sample.time <= lastTime) continue;
    evaluated = true;
    if (open) {
      if (clears(condition, sample.value, lastValue)) {
        await trx.updateTable('alarms').set({ cleared_at: sample.time }).where('id', '=', open.id).execute();
        changes.changed.push(open.id);
        open = undefined;
      }
      pendingSince = null;
    } else if (raises(condition, sample.value, lastValue)) {
      pendingSince ??= sample.time;
      const held = (sample.time.getTime() - pendingSince.getTime()) / 1000;
      if (condition.kind === 'changed' || held >= condition.delay_seconds) {
        const id = await raiseAlarm(trx, condition, sample.value, sample.time);
        changes.changed.push(id);
        changes.raised.push(id);
        open = { id };
        pendingSince = null;
      }
    } else {
      pendingSince = null;
    }
    lastValue = sample.value;
    lastTime = sample.time;
  }
  if (!evaluated) return;
  await trx
    .updateTable('alarm_conditions')
    .set({ pending_since: pendingSince, last_value: lastValue, last_time: lastTime })
    .where('id', '=', condition.id)
    .execute();
}

export async function raiseAlarm(
  trx: Db,
  condition: Pick<ConditionState, 'id' | 'company_id' | 'agent_id' | 'tag_id' | 'severity'>,
  value: number,
  at: Date,
): Promise<number> {
  const row = await trx
    .insertInto('alarms')
    .values({
      public_id: newPublicId(),
      company_id: condition.company_id,
      agent_id: condition.agent_id,
      condition_id: condition.id,
      tag_id: condition.tag_id,
      severity: condition.severity,
      value,
      raised_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
