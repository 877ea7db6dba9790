import { sql } from 'kysely';
import { webhookLimits } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { WebhookDeliveryRow } from '../../db/schema.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

export type NewDelivery = {
  publicId: string;
  webhookId: number;
  companyId: number;
  eventType: string;
  body: string;
  now: Date;
};

/**
 * Stores a delivery due at once, created at the time its body names, unless the webhook has `pendingPerWebhook` waiting already (a
 * receiver that is down for long must not make the table grow without bound). Answers whether
 * it was stored.
 */
export async function insertDelivery(db: Db, delivery: NewDelivery): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    insert into webhook_deliveries (public_id, webhook_id, company_id, event_type, body, next_attempt_at, created_at)
    select ${delivery.publicId}, ${delivery.webhookId}, ${delivery.companyId}, ${delivery.eventType},
      ${delivery.body}, ${delivery.now}, ${delivery.now}
    where (select count(*) from webhook_deliveries
           where webhook_id = ${delivery.webhookId} and state = 'pending') < ${webhookLimits.pendingPerWebhook}
    returning id`.execute(db);
  return rows.length > 0;
}

/** A claimed delivery with what sending it needs. */
export type ClaimedDelivery = WebhookDeliveryRow & {
  url: string;
  secret_sealed: string;
  webhook_public_id: string;
};

/**
 * Takes due deliveries of enabled webhooks (or the one `id`, for the test button) and moves their
 * next attempt past `leaseMs`: another process's claim skips the locked rows and then no longer
 * finds them due, so each attempt is sent once; a sender that crashes leaves them due again
 * once the lease is over.
 */
export async function claimDeliveries(
  db: Db,
  options: { now: Date; leaseMs: number; limit: number; id?: string; companyId?: number | undefined },
): Promise<ClaimedDelivery[]> {
  const { now, leaseMs, limit, id, companyId } = options;
  const due = sql`dd.next_attempt_at <= ${now} and ww.enabled`;
  const which =
    id !== undefined
      ? sql`dd.id = ${id}`
      : companyId !== undefined
        ? sql`${due} and dd.company_id = ${companyId}`
        : due;
  const { rows } = await sql<ClaimedDelivery>`
    update webhook_deliveries d
    set attempts = d.attempts + 1, last_attempt_at = ${now},
      next_attempt_at = ${new Date(now.getTime() + leaseMs)}
    from webhooks w
    where w.id = d.webhook_id and d.id in (
      select dd.id from webhook_deliveries dd join webhooks ww on ww.id = dd.webhook_id
      where dd.state = 'pending' and ${which}
      order by dd.next_attempt_at, dd.id
      limit ${limit}
      for update of dd skip locked
    )
    returning d.*, w.url, w.secret_sealed, w.public_id as webhook_public_id`.execute(db);
  return rows;
}

export type AttemptOutcome = {
  state: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: Date;
  finishedAt: Date | null;
  status: number | null;
  snippet: string | null;
  error: string | null;
  durationMs: number;
};

/** Records an attempt, only while the claim still holds (same attempt, still pending). */
export async function recordAttempt(db: Db, claimed: ClaimedDelivery, outcome: AttemptOutcome) {
  return db
    .updateTable('webhook_deliveries')
    .set({
      state: outcome.state,
      next_attempt_at: outcome.nextAttemptAt,
      finished_at: outcome.finishedAt,
      response_status: outcome.status,
      response_snippet: outcome.snippet,
      error: outcome.error,
      duration_ms: outcome.durationMs,
    })
    .where('id', '=', claimed.id)
    .where('attempts', '=', claimed.attempts)
    .where('state', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Fails what is still pending past the retry window (also deliveries of disabled webhooks). */
export async function expireDeliveries(db: Db, now: Date, companyId?: number) {
  let query = db
    .updateTable('webhook_deliveries')
    .set({ state: 'failed', finished_at: now, error: 'Not delivered within 24 hours' })
    .where('state', '=', 'pending')
    .where('created_at', '<', new Date(now.getTime() - webhookLimits.retryForMs));
  if (companyId !== undefined) query = query.where('company_id', '=', companyId);
  await query.execute();
}

/** Removes delivered and failed deliveries older than `keepDays`. */
export async function pruneDeliveries(db: Db, now: Date) {
  await db
    .deleteFrom('webhook_deliveries')
    .where('state', '<>', 'pending')
    .where('finished_at', '<', new Date(now.getTime() - webhookLimits.keepDays * 24 * 3600 * 1000))
    .execute();
}

export function listDeliveries(db: Db, webhookId: number, query: ListQuery) {
  return keysetPage(
    db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
      .selectAll('webhook_deliveries')
      .select('webhooks.public_id as webhook_public_id')
      .where('webhook_deliveries.webhook_id', '=', webhookId),
    'webhook_deliveries',
    { ...query, newestFirst: true },
  ).execute();
}

export function findDelivery(db: Db, id: string) {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
    .selectAll('webhook_deliveries')
    .select('webhooks.public_id as webhook_public_id')
    .where('webhook_deliveries.id', '=', id)
    .executeTakeFirstOrThrow();
}
