import type {
  backendComponentMessageSubscriptionCreateInput,
  backendComponentMessageSubscriptionPatchInput,
} from '@fleetgate/contracts';
import { backendComponentErrors, backendComponentLimits } from '@fleetgate/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { announceReactionsChanged } from '../../events/company-reactions.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { newPublicId } from '../../http/ids.ts';
import type { MutationContext } from '../../http/resource.ts';
import { referencedTemplate, requireProvisioned } from './template-access.policy.ts';
import { resolveTarget } from './subscription-rules.ts';
import {
  countSubscriptions,
  deleteSubscription,
  findSubscriptions,
  insertSubscription,
  updateSubscription,
  type SubscriptionView,
} from './message-subscription.repository.ts';

type CreateInput = z.output<typeof backendComponentMessageSubscriptionCreateInput>;
type PatchInput = z.output<typeof backendComponentMessageSubscriptionPatchInput>;

async function reread(trx: Db, companyId: number, publicId: string) {
  const [row] = await findSubscriptions(trx, companyId, [publicId]);
  if (!row) throw notFound();
  return row;
}

export const subscriptionService = {
  create: async (trx: Db, ctx: MutationContext, input: CreateInput) => {
    const companyId = ctx.company.id;
    await requireProvisioned(trx, companyId);
    const template = await referencedTemplate(trx, companyId, input.template.publicId);
    const values = await resolveTarget(trx, companyId, input.kind, {
      agent: input.agent ?? null,
      tags: input.tags ?? [],
      cron: input.cron || null,
      enabled: input.enabled ?? true,
    });
    if ((await countSubscriptions(trx, companyId)) >= backendComponentLimits.subscriptionsPerCompany) {
      throw conflict(backendComponentErrors.subscriptionLimit);
    }
    const publicId = newPublicId();
    // Processes that knew the company had no subscriptions learn otherwise when this commits.
    await announceReactionsChanged(trx, companyId);
    await insertSubscription(trx, companyId, template.id, input.kind, publicId, values);
    return reread(trx, companyId, publicId);
  },

  /** The kind and template stay; what is sent replaces the stored value and the whole is checked again. */
  change: async (trx: Db, ctx: MutationContext, row: SubscriptionView, input: PatchInput) => {
    const storedAgent = row.agent_public_id === null ? null : { publicId: row.agent_public_id };
    const values = await resolveTarget(trx, ctx.company.id, row.kind, {
      agent: input.agent === undefined ? storedAgent : input.agent,
      tags: input.tags ?? row.tags.map((tag) => ({ publicId: tag.publicId })),
      cron: input.cron === undefined ? row.cron : input.cron || null,
      enabled: input.enabled ?? row.enabled,
    });
    // It may have been enabled (removing one needs no word: see webhook.service.ts).
    await announceReactionsChanged(trx, ctx.company.id);
    await updateSubscription(trx, row.id, values);
    return reread(trx, ctx.company.id, row.public_id);
  },

  remove: async (trx: Db, _ctx: MutationContext, row: SubscriptionView) => {
    await deleteSubscription(trx, row.id);
  },
};
