import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { createAlarmEvaluator } from '../alarms/alarm-evaluator.ts';
import type { AlarmNotifyDeps } from '../alarms/alarm-notify.ts';
import { usersSeeingAgent } from '../alarms/alarms.policy.ts';
import { usersHoldingInCompany } from './function-recipients.ts';
import { sendMessage } from '../messages/message.service.ts';
import { createSamplesDomainEvent } from '../data-logging/samples-domain-event.ts';
import type { IngestAgent } from '../data-logging/sample-ingest.ts';
import { createTagValuesPublisher } from '../data-logging/tag-values-publisher.ts';
import { enqueueWebhookCall } from '../webhooks/webhook-call.ts';
import { storeTagWrites, TagWriteRefused, type TagWrite } from './function-tag-writes.ts';
import type { SandboxEffect, SandboxLogLine } from './sandbox/function-sandbox.ts';

export type EffectDeps = AlarmNotifyDeps & { db: Db; events: EventBus; log: FastifyBaseLogger };

/** Where a run happened: its company and, when the message was about one, the device. */
export type RunScope = { companyId: number; agent: IngestAgent | null; depth: number };

/**
 * Carries out what a function asked for once it has finished: derived tag values (stored as
 * samples of the device's tags), inbox messages, webhook calls. Each refusal becomes a line of
 * the run's log instead of failing the others.
 */
export function createEffectApplier(deps: EffectDeps) {
  const publishValues = createTagValuesPublisher(deps);
  const alarms = createAlarmEvaluator(deps);

  async function writeTags(scope: RunScope, writes: TagWrite[]): Promise<string[]> {
    if (writes.length === 0) return [];
    if (!scope.agent) return ['writeTag: this message is about no device, so there is no tag to write'];
    const listeners = [alarms, createSamplesDomainEvent(deps.events, scope.depth + 1)];
    const { result, added, rejected } = await storeTagWrites(deps.db, scope.agent, writes, listeners);
    for (const after of result.afterCommit) await after();
    await publishValues(deps.db, scope.agent, result.newest);
    if (added)
      await deps.events.publish(
        { companyId: scope.companyId },
        { type: 'DataConfigChanged', data: { agent: { publicId: scope.agent.publicId } } },
      );
    return rejected > 0
      ? [`writeTag: ${rejected} value(s) refused (time out of range or value too large)`]
      : [];
  }

  async function sendMessages(scope: RunScope, messages: { subject: string; body: string }[]) {
    if (messages.length === 0) return;
    // The people who see the device the message is about; without one, those who run functions.
    const userIds = scope.agent
      ? await usersSeeingAgent(deps.db, scope.agent)
      : await usersHoldingInCompany(deps.db, scope.companyId, 'backendComponents.manage');
    await runInTransaction(deps.db, async (trx) => {
      for (const message of messages)
        for (const userId of userIds)
          await sendMessage(trx, { userId, companyId: scope.companyId, ...message });
    });
  }

  return async function applyEffects(scope: RunScope, effects: SandboxEffect[]): Promise<SandboxLogLine[]> {
    const notes: string[] = [];
    const attempt = async (what: string, work: () => Promise<string[] | void>) => {
      try {
        notes.push(...((await work()) ?? []));
      } catch (error) {
        if (!(error instanceof TagWriteRefused))
          deps.log.error({ err: error }, `backend component ${what} failed`);
        notes.push(`${what}: ${error instanceof TagWriteRefused ? error.message : 'failed'}`);
      }
    };
    await attempt('writeTag', () =>
      writeTags(
        scope,
        effects.flatMap((effect) => (effect.type === 'writeTag' ? [effect] : [])),
      ),
    );
    await attempt('sendMessage', () =>
      sendMessages(
        scope,
        effects.flatMap((effect) => (effect.type === 'sendMessage' ? [effect] : [])),
      ),
    );
    for (const effect of effects) {
      if (effect.type !== 'callWebhook') continue;
      try {
        await enqueueWebhookCall(deps.db, scope.companyId, effect.webhook, effect.payload);
      } catch {
        notes.push(`callWebhook: no webhook ${effect.webhook} in this company`);
      }
    }
    const at = new Date().toISOString();
    return notes.map((text) => ({ level: 'error', text, at }));
  };
}
