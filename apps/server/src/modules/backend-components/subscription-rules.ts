import {
  backendComponentErrors,
  errorMessages,
  type ApiErrorItem,
  type BackendComponentSubscriptionKind,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import { isValidCron } from './cron-schedule.ts';
import { findCompanyAgent, tagsOfAgent, type SubscriptionValues } from './message-subscription.repository.ts';

type Ref = { publicId: string };

/** What a subscription names, as sent or as stored, before it is checked against its kind. */
export type SubscriptionTarget = {
  agent: Ref | null;
  tags: Ref[];
  cron: string | null;
  enabled: boolean;
};

/**
 * Checks what a subscription of a kind names and resolves its references: tag samples need an
 * agent and 1…100 of its tags, a schedule needs a valid cron; other kinds may name an agent.
 * Properties a kind does not use are refused, so nothing is stored that is silently ignored.
 */
export async function resolveTarget(
  db: Db,
  companyId: number,
  kind: BackendComponentSubscriptionKind,
  target: SubscriptionTarget,
): Promise<SubscriptionValues> {
  if (kind !== 'schedule' && target.cron !== null) throw badRequest(errorMessages.invalid, 'cron');
  if (kind !== 'tagSamples' && target.tags.length > 0) throw badRequest(errorMessages.invalid, 'tags');
  if (kind === 'schedule') {
    if (target.cron === null || target.cron === '') throw badRequest(errorMessages.required, 'cron');
    if (!isValidCron(target.cron)) throw badRequest(backendComponentErrors.cronInvalid, 'cron');
  }
  if (kind === 'tagSamples') {
    if (target.agent === null) throw badRequest(errorMessages.required, 'agent');
    if (target.tags.length === 0) throw badRequest(errorMessages.required, 'tags');
  }
  const agentId = target.agent === null ? null : await agentIdOf(db, companyId, target.agent.publicId);
  const tagIds = agentId === null ? [] : await tagIdsOf(db, agentId, target.tags);
  return { agentId, tagIds, cron: target.cron, enabled: target.enabled };
}

async function agentIdOf(db: Db, companyId: number, publicId: string): Promise<number> {
  const agent = await findCompanyAgent(db, companyId, publicId);
  if (!agent) throw new ApiError(404, [{ message: errorMessages.notFound, propertyName: 'agent.publicId' }]);
  return agent.id;
}

/** Each tag must be the agent's: unknown ones are 404s with their listIndex, repeats 400s. */
async function tagIdsOf(db: Db, agentId: number, refs: Ref[]): Promise<number[]> {
  const ids = await tagsOfAgent(db, agentId, [...new Set(refs.map((ref) => ref.publicId))]);
  const unknown: ApiErrorItem[] = [];
  const duplicates: ApiErrorItem[] = [];
  const seen = new Set<string>();
  refs.forEach((ref, listIndex) => {
    if (!ids.has(ref.publicId)) {
      unknown.push({ message: errorMessages.notFound, propertyName: 'tags.publicId', listIndex });
    } else if (seen.has(ref.publicId)) {
      duplicates.push({ message: errorMessages.duplicate, propertyName: 'tags', listIndex });
    }
    seen.add(ref.publicId);
  });
  if (unknown.length > 0) throw new ApiError(404, unknown);
  if (duplicates.length > 0) throw new ApiError(400, duplicates);
  return refs.map((ref) => ids.get(ref.publicId)!);
}
