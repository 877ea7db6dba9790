import { z } from 'zod';
import type { WebhookDelivery, WebhookSecret } from '@fleetgate/contracts';
import { createSecretBox, type SecretBox } from '../../auth/secret-box.ts';
import type { Config } from '../../config.ts';
import type { Api } from '../../http/api.ts';
import { badRequest, notFound, parseInput } from '../../http/errors.ts';
import { parseFields, project, selectAll, type FieldSelection } from '../../http/fields.ts';
import { parseFilterParams } from '../../http/filters.ts';
import { pageOf, parsePaging } from '../../http/paging.ts';
import { registerResource } from '../../http/resource.ts';
import { listParameters } from '../../http/route-doc.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import type { ModuleDeps } from '../index.ts';
import { claimDeliveries, findDelivery, listDeliveries } from './webhook-delivery.repository.ts';
import { attemptDelivery, deliveryLeaseMs } from './webhook-delivery.service.ts';
import { companyPublicIdOf, enqueueDelivery } from './webhook-enqueue.ts';
import {
  presentWebhook,
  presentWebhookDelivery,
  webhookDeliveryFields,
  webhookDeliveryFilters,
  webhookFields,
  webhookFilters,
} from './webhook.presenter.ts';
import { findWebhooksByPublicIds, listWebhooks } from './webhook.repository.ts';
import { createWebhookService, webhookCreateSchema, webhookPatchSchema } from './webhook.service.ts';
import type { WebhookTargetPolicy } from './webhook.policy.ts';

/** Test calls leave the server for a user's address: a budget per user keeps them from becoming a scanner. */
const testsPerUserPerMinute = 30;
/** Saves that name an address (each resolved in DNS) per user and minute. */
const urlChecksPerUserPerMinute = 30;
const noInput = z.strictObject({}).optional();

export const webhookSecretBox = (config: Config): SecretBox =>
  createSecretBox({ envKey: process.env.FLEETGATE_SECRET_KEY, dataDir: config.dataDir });

export const webhookTargetPolicy = (config: Config): WebhookTargetPolicy => ({
  allowPrivate: config.outboundAllowPrivate,
  allowHttpLoopback: config.webhooksAllowHttpLoopback,
});

/**
 * `WebhookList`, `Webhook/{publicId}`, `WebhookDeliveryList/{publicId}`, `WebhookTest/{publicId}`
 * and `WebhookSecret/{publicId}`, all with the webhooks right.
 */
export function registerWebhookRoutes(api: Api, deps: ModuleDeps) {
  const box = webhookSecretBox(deps.config);
  const policy = webhookTargetPolicy(deps.config);
  const service = createWebhookService(
    box,
    policy,
    deps.limiters.attempts('webhook-url-check', urlChecksPerUserPerMinute, 60),
  );
  const testBudget = deps.limiters.attempts('webhook-test', testsPerUserPerMinute, 60);

  registerResource(api, {
    name: 'Webhook',
    read: 'webhooks.manage',
    write: 'webhooks.manage',
    fields: webhookFields,
    filters: webhookFilters,
    repository: { list: listWebhooks, findByPublicIds: findWebhooksByPublicIds },
    present: presentWebhook,
    create: { schema: webhookCreateSchema, run: service.create, check: service.checkUrl },
    update: { schema: webhookPatchSchema, run: service.change, check: service.checkUrl },
    remove: { run: service.remove },
  });

  api.route({
    rel: 'WebhookDeliveryList',
    method: 'GET',
    item: true,
    access: 'company',
    capability: 'webhooks.manage',
    doc: {
      summary: "The webhook's deliveries, newest first",
      query: listParameters(webhookDeliveryFilters),
      response: { type: 'WebhookDeliveryList', fields: webhookDeliveryFields, shape: 'list', paged: true },
    },
    handler: async (ctx) => {
      const [webhook] = await findWebhooksByPublicIds(ctx.db, ctx.company.id, [ctx.publicId]);
      if (!webhook) throw notFound();
      const selection = fieldsOf(ctx.query.fields);
      const paging = parsePaging(ctx.query['page-size'], ctx.query['page-after']);
      const filters = ctx.query.filters;
      const where = parseFilterParams(
        (Array.isArray(filters) ? filters : [filters]).filter((f): f is string => typeof f === 'string'),
        webhookDeliveryFilters,
      );
      const rows = await listDeliveries(ctx.db, webhook.id, {
        where,
        after: paging.after,
        limit: paging.size + 1,
      });
      const page = pageOf(rows, paging.size);
      return {
        type: 'WebhookDeliveryList',
        data: page.rows.map((row) => project(presentWebhookDelivery(row), selection)),
        moreAfter: page.moreAfter,
      };
    },
  });

  api.route({
    rel: 'WebhookTest',
    method: 'POST',
    item: true,
    access: 'company',
    capability: 'webhooks.manage',
    doc: {
      summary: 'Send a `ping` delivery now and answer it (also when the webhook is disabled)',
      body: noInput,
      bodyOptional: true,
      rateLimited: true,
      response: { type: 'WebhookDelivery', fields: webhookDeliveryFields },
    },
    handler: async (ctx) => {
      parseInput(noInput, ctx.body);
      const [webhook] = await findWebhooksByPublicIds(ctx.db, ctx.company.id, [ctx.publicId]);
      if (!webhook) throw notFound();
      await testBudget.consume(String(ctx.user.id));
      const now = new Date();
      const companyPublicId = await companyPublicIdOf(ctx.db, ctx.company.id);
      const publicId = await enqueueDelivery(ctx.db, webhook, companyPublicId, 'ping', {
        webhook: { publicId: webhook.public_id },
      });
      if (publicId === null) throw badRequest('Too many deliveries are waiting');
      const row = await ctx.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('public_id', '=', publicId)
        .executeTakeFirstOrThrow();
      const [claimed] = await claimDeliveries(ctx.db, {
        now,
        leaseMs: deliveryLeaseMs,
        limit: 1,
        id: row.id,
      });
      // A worker may have taken it first; then the answer shows it as that worker left it.
      if (claimed) await attemptDelivery({ db: ctx.db, box, policy }, claimed, now);
      const data: WebhookDelivery = presentWebhookDelivery(await findDelivery(ctx.db, row.id));
      return { type: 'WebhookDelivery', data };
    },
  });

  api.route({
    rel: 'WebhookSecret',
    method: 'POST',
    item: true,
    access: 'company',
    capability: 'webhooks.manage',
    doc: {
      summary: 'Replace the signing secret; the answer is the only time the new secret is shown',
      body: noInput,
      bodyOptional: true,
      response: { type: 'WebhookSecret', fields: { publicId: true, secret: true } },
    },
    handler: async (ctx) => {
      parseInput(noInput, ctx.body);
      const data = await runInTransaction(ctx.db, async (trx): Promise<WebhookSecret> => {
        const [row] = await findWebhooksByPublicIds(trx, ctx.company.id, [ctx.publicId], true);
        if (!row) throw notFound();
        const rotated = await service.rotate(trx, row);
        await writeAudit(trx, {
          companyId: ctx.company.id,
          actorUserId: ctx.user.id,
          action: 'UPDATE',
          rel: 'WebhookSecret',
          publicId: row.public_id,
          before: presentWebhook(row),
          after: presentWebhook(rotated.row),
          clientAddress: ctx.clientAddress,
        });
        return { publicId: row.public_id, secret: rotated.secret };
      });
      return { type: 'WebhookSecret', data };
    },
  });
}

function fieldsOf(raw: unknown): FieldSelection {
  if (raw === undefined) return selectAll;
  if (typeof raw !== 'string') throw badRequest('Give fields once, as a comma-separated list', 'fields');
  return parseFields(raw, webhookDeliveryFields);
}
