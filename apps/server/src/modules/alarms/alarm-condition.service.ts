import type { alarmConditionCreateInput, alarmConditionPatchInput } from '@fleetgate/contracts';
import { alarmErrors, alarmLimits, errorMessages, type AlarmCondition } from '@fleetgate/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { MutationContext, Viewer } from '../../http/resource.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { requireAppInstalled } from '../apps/app-installation.ts';
import { prepareAlarmNotifications, type AlarmNotifyDeps } from './alarm-notify.ts';
import { evaluateSamples } from './alarm-evaluator.ts';
import {
  alarmAgentOf,
  assertHoldsForAgent,
  findVisibleAlarmAgent,
  usersSeeingAgent,
  type AlarmAgent,
} from './alarms.policy.ts';
import { presentCondition } from './alarms.presenter.ts';
import {
  clearOpenAlarmOf,
  countConditionsOfAgent,
  deleteCondition,
  findConditionById,
  findConditionInCompany,
  findTagOfAgent,
  insertCondition,
  updateCondition,
  type ConditionRow,
  type ConditionValues,
} from './alarms.repository.ts';

type CreateInput = z.output<typeof alarmConditionCreateInput>;
type PatchInput = z.output<typeof alarmConditionPatchInput>;

/** The condition of the company acted in, if the caller sees its agent, with that agent. */
export async function visibleCondition(db: Db, viewer: Viewer, publicId: string) {
  const row = await findConditionInCompany(db, viewer.company.id, publicId);
  const agent = row && (await findVisibleAlarmAgent(db, viewer, { id: row.agent_id }));
  if (!row || !agent) throw notFound();
  return { row, agent };
}

/** The values to store, checked: the tag is the agent's, a threshold where the kind needs one. */
async function conditionValues(
  db: Db,
  agent: AlarmAgent,
  merged: CreateInput,
  tagId?: number,
): Promise<ConditionValues> {
  let tag = tagId;
  if (tag === undefined) {
    const found = await findTagOfAgent(db, agent.id, merged.tag.publicId);
    // Not one of this agent's tags (unknown, another agent's or another company's): 404.
    if (!found) throw new ApiError(404, [{ message: errorMessages.notFound, propertyName: 'tag.publicId' }]);
    tag = found.id;
  }
  const needsThreshold = merged.kind !== 'changed';
  if (needsThreshold && (merged.threshold === undefined || merged.threshold === null))
    throw badRequest(alarmErrors.thresholdRequired, 'threshold');
  return {
    name: merged.name,
    kind: merged.kind,
    tag_id: tag,
    threshold: needsThreshold ? merged.threshold! : null,
    hysteresis: merged.hysteresis ?? 0,
    delay_seconds: merged.delaySeconds ?? 0,
    severity: merged.severity ?? 'warning',
    enabled: merged.enabled ?? true,
  };
}

function asInput(row: ConditionRow): CreateInput {
  return {
    name: row.name,
    tag: { publicId: row.tag_public_id },
    kind: row.kind,
    threshold: row.threshold,
    hysteresis: row.hysteresis,
    delaySeconds: row.delay_seconds,
    severity: row.severity,
    enabled: row.enabled,
  };
}

/** Tells the users who see the agent that its alarm conditions changed. */
async function publishConfigChanged(db: Db, events: EventBus, agent: AlarmAgent) {
  const userIds = await usersSeeingAgent(db, agent);
  if (userIds.length > 0)
    await events.publish(
      { userIds },
      { type: 'DataConfigChanged', data: { agent: { publicId: agent.publicId } } },
    );
}

export function createConditionService(db: Db, deps: AlarmNotifyDeps) {
  async function create(
    ctx: MutationContext,
    agentPublicId: string,
    input: CreateInput,
  ): Promise<AlarmCondition> {
    const agent = await alarmAgentOf(db, ctx, agentPublicId);
    await assertHoldsForAgent(db, ctx, agent, 'dataLogging.manage');
    const stored = await runInTransaction(db, async (trx) => {
      // The agent row is locked so two creations cannot both pass the limit.
      await trx.selectFrom('agents').select('id').where('id', '=', agent.id).forUpdate().execute();
      if ((await countConditionsOfAgent(trx, agent.id)) >= alarmLimits.conditionsPerAgent)
        throw conflict(alarmErrors.conditionLimit);
      const values = await conditionValues(trx, agent, input);
      const id = await insertCondition(trx, { companyId: agent.companyId, agentId: agent.id }, values);
      const notify = await evaluateNewestValue(trx, deps, agent, id, values.tag_id);
      const after = presentCondition(await findConditionById(trx, id));
      await writeAudit(trx, {
        companyId: ctx.company.id,
        actorUserId: ctx.user.id,
        action: 'CREATE',
        rel: 'AlarmCondition',
        publicId: after.publicId,
        after,
        clientAddress: ctx.clientAddress,
      });
      return { after, notify };
    });
    await stored.notify?.();
    await publishConfigChanged(db, deps.events, agent);
    return stored.after;
  }

  async function change(ctx: MutationContext, publicId: string, patch: PatchInput): Promise<AlarmCondition> {
    await requireAppInstalled(db, ctx.company.id, 'alarming');
    const { agent } = await visibleCondition(db, ctx, publicId);
    await assertHoldsForAgent(db, ctx, agent, 'dataLogging.manage');
    const { stored, notifyCleared, notifyRaised } = await runInTransaction(db, async (trx) => {
      const row = await findConditionInCompany(trx, ctx.company.id, publicId);
      if (!row) throw notFound();
      await trx.selectFrom('alarm_conditions').select('id').where('id', '=', row.id).forUpdate().execute();
      const merged: CreateInput = { ...asInput(row), ...stripUndefined(patch) };
      const sameTag = patch.tag === undefined || patch.tag.publicId === row.tag_public_id;
      const values = await conditionValues(trx, agent, merged, sameTag ? row.tag_id : undefined);
      // A new rule (tag, kind, threshold) or switching the condition off or on starts its
      // evaluation afresh and clears the occurrence the old rule raised; a new name, severity,
      // hysteresis or delay keeps both.
      const ruleChanged =
        values.tag_id !== row.tag_id ||
        values.kind !== row.kind ||
        values.threshold !== row.threshold ||
        values.enabled !== row.enabled;
      await updateCondition(trx, row.id, values, ruleChanged);
      const cleared = ruleChanged ? await clearOpenAlarmOf(trx, row.id, new Date()) : undefined;
      const after = presentCondition(await findConditionById(trx, row.id));
      await writeAudit(trx, {
        companyId: ctx.company.id,
        actorUserId: ctx.user.id,
        action: 'UPDATE',
        rel: 'AlarmCondition',
        publicId,
        before: presentCondition(row),
        after,
        clientAddress: ctx.clientAddress,
      });
      const notifyCleared = cleared
        ? await prepareAlarmNotifications(trx, deps, { changed: [cleared], raised: [] })
        : undefined;
      const notifyRaised =
        ruleChanged && values.enabled !== false
          ? await evaluateNewestValue(trx, deps, agent, row.id, values.tag_id)
          : undefined;
      return { stored: after, notifyCleared, notifyRaised };
    });
    await notifyCleared?.();
    await notifyRaised?.();
    await publishConfigChanged(db, deps.events, agent);
    return stored;
  }

  async function remove(ctx: MutationContext, publicId: string): Promise<AlarmCondition> {
    await requireAppInstalled(db, ctx.company.id, 'alarming');
    const { agent } = await visibleCondition(db, ctx, publicId);
    await assertHoldsForAgent(db, ctx, agent, 'dataLogging.manage');
    const before = await runInTransaction(db, async (trx) => {
      const row = await findConditionInCompany(trx, ctx.company.id, publicId);
      if (!row) throw notFound();
      await deleteCondition(trx, row.id);
      const before = presentCondition(row);
      await writeAudit(trx, {
        companyId: ctx.company.id,
        actorUserId: ctx.user.id,
        action: 'DELETE',
        rel: 'AlarmCondition',
        publicId,
        before,
        clientAddress: ctx.clientAddress,
      });
      return before;
    });
    await publishConfigChanged(db, deps.events, agent);
    return before;
  }

  return { create, change, remove };
}

/**
 * A new rule is evaluated at once against its tag's newest value, so a condition that already
 * holds (a value logged on change that stays put) raises its alarm without waiting for a change.
 */
async function evaluateNewestValue(
  trx: Db,
  deps: AlarmNotifyDeps,
  agent: AlarmAgent,
  conditionId: number,
  tagId: number,
) {
  const tag = await trx
    .selectFrom('tags')
    .select(['public_id', 'last_time', 'last_value'])
    .where('id', '=', tagId)
    .executeTakeFirst();
  if (!tag?.last_time || tag.last_value === null) return undefined;
  const event = {
    companyId: agent.companyId,
    agentId: agent.id,
    agentPublicId: agent.publicId,
    samples: [{ tagId, tagPublicId: tag.public_id, time: tag.last_time, value: tag.last_value }],
  };
  const changes = await evaluateSamples(trx, deps, event, conditionId);
  return changes.changed.length > 0 ? prepareAlarmNotifications(trx, deps, changes) : undefined;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
