import type { z } from 'zod';
import {
  errorMessages,
  webhookCreateInput,
  webhookErrors,
  webhookLimits,
  webhookPatchInput,
} from '@fleetgate/contracts';
import type { AttemptLimiter } from '../../auth/limiters.ts';
import type { SecretBox } from '../../auth/secret-box.ts';
import type { Db } from '../../db/client.ts';
import { announceReactionsChanged } from '../../events/company-reactions.ts';
import type { WebhookRow } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { newPublicId } from '../../http/ids.ts';
import type { MutationContext } from '../../http/resource.ts';
import { secretContext } from './webhook-delivery.service.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import { checkWebhookUrl, type WebhookTargetPolicy } from './webhook.policy.ts';
import {
  countWebhooks,
  deleteWebhook,
  insertWebhook,
  updateWebhook,
  webhookNameTaken,
} from './webhook.repository.ts';

/**
 * The secret is made while the input is read, so the create answer (the stored webhook merged
 * with the input) carries it once, while the audit trail records only the presented webhook.
 */
export const webhookCreateSchema = webhookCreateInput.transform((input) => ({
  ...input,
  secret: newWebhookSecret(),
}));
export const webhookPatchSchema = webhookPatchInput;

type CreateInput = z.output<typeof webhookCreateSchema>;
type PatchInput = z.output<typeof webhookPatchSchema>;

/**
 * `urlChecks`: each saved address is resolved (up to 3 s); a per-user budget keeps repeated
 * saves from turning the server into a DNS query pump. `checkUrl` runs before the write's
 * transaction (registerResource's `check`), so a slow name holds no connection.
 */
export function createWebhookService(box: SecretBox, policy: WebhookTargetPolicy, urlChecks: AttemptLimiter) {
  const seal = (secret: string, publicId: string) => box.seal(secret, secretContext(publicId));
  const checkUrl = async (ctx: MutationContext, url: string | undefined) => {
    if (url === undefined) return;
    await urlChecks.consume(String(ctx.user.id));
    await checkWebhookUrl(url, policy);
  };

  return {
    checkUrl: (ctx: MutationContext, input: { url?: string | undefined }) => checkUrl(ctx, input.url),

    create: async (trx: Db, ctx: MutationContext, input: CreateInput) => {
      if ((await countWebhooks(trx, ctx.company.id)) >= webhookLimits.perCompany)
        throw conflict(webhookErrors.tooMany);
      if (await webhookNameTaken(trx, ctx.company.id, input.name))
        throw conflict(errorMessages.nameInUse, 'name');
      const publicId = newPublicId();
      // Processes that knew the company had no webhooks learn otherwise when this commits.
      await announceReactionsChanged(trx, ctx.company.id);
      return insertWebhook(trx, ctx.company.id, publicId, {
        name: input.name,
        url: input.url,
        eventTypes: input.eventTypes ?? [],
        enabled: input.enabled ?? true,
        secretSealed: seal(input.secret, publicId),
      });
    },

    change: async (trx: Db, ctx: MutationContext, row: WebhookRow, input: PatchInput) => {
      if (input.name !== undefined && (await webhookNameTaken(trx, ctx.company.id, input.name, row.id)))
        throw conflict(errorMessages.nameInUse, 'name');
      // It may have been enabled. (Removing one needs no word: a process that still thinks
      // the company has webhooks only looks them up.)
      await announceReactionsChanged(trx, ctx.company.id);
      return updateWebhook(trx, row.id, {
        name: input.name,
        url: input.url,
        eventTypes: input.eventTypes,
        enabled: input.enabled,
      });
    },

    remove: async (trx: Db, _ctx: MutationContext, row: WebhookRow) => {
      await deleteWebhook(trx, row.id);
    },

    /** A new secret replaces the old one at once; deliveries still waiting are signed with it. */
    rotate: async (trx: Db, row: WebhookRow) => {
      const secret = newWebhookSecret();
      const updated = await updateWebhook(trx, row.id, { secretSealed: seal(secret, row.public_id) });
      return { row: updated, secret };
    },
  };
}
