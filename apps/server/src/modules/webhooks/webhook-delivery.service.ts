import { webhookLimits } from '@fleetgate/contracts';
import type { SecretBox } from '../../auth/secret-box.ts';
import type { Db } from '../../db/client.ts';
import { sendWebhookRequest, type WebhookAttempt } from './webhook-sender.ts';
import { webhookSignature } from './webhook-signature.ts';
import type { WebhookTargetPolicy } from './webhook.policy.ts';
import { recordAttempt, type AttemptOutcome, type ClaimedDelivery } from './webhook-delivery.repository.ts';

export type WebhookDeliveryDeps = {
  db: Db;
  box: SecretBox;
  policy: WebhookTargetPolicy;
  /** Overrides webhookLimits.timeoutMs (tests). */
  timeoutMs?: number;
};

/** A claim holds a delivery this long: longer than any attempt (10 s) takes. */
export const deliveryLeaseMs = 60_000;

/** The sealed secret is bound to its webhook: a box copied to another row does not open. */
export const secretContext = (webhookPublicId: string) => `Webhook/${webhookPublicId}`;

/** 30 s after the first attempt, doubling each time, at most an hour apart. */
export function retryDelayMs(attempts: number): number {
  const delay = webhookLimits.firstRetryMs * 2 ** Math.max(0, attempts - 1);
  return Math.min(delay, webhookLimits.maxRetryMs);
}

/** What an attempt leads to: delivered on 2xx; otherwise another try, unless past the 24 hours. */
export function outcomeOf(claimed: ClaimedDelivery, attempt: WebhookAttempt, now: Date): AttemptOutcome {
  const answer = {
    status: attempt.status,
    snippet: attempt.snippet,
    error: attempt.error,
    durationMs: attempt.durationMs,
  };
  if (attempt.status !== null && attempt.status >= 200 && attempt.status < 300)
    return { ...answer, state: 'delivered', nextAttemptAt: now, finishedAt: now };
  const next = new Date(now.getTime() + retryDelayMs(claimed.attempts));
  const giveUpAt = claimed.created_at.getTime() + webhookLimits.retryForMs;
  if (next.getTime() > giveUpAt) return { ...answer, state: 'failed', nextAttemptAt: now, finishedAt: now };
  return { ...answer, state: 'pending', nextAttemptAt: next, finishedAt: null };
}

/** Sends one claimed delivery, signed now with the webhook's current secret, and records the attempt. */
export async function attemptDelivery(deps: WebhookDeliveryDeps, claimed: ClaimedDelivery, now: Date) {
  let secret: string;
  try {
    secret = deps.box.open(claimed.secret_sealed, secretContext(claimed.webhook_public_id));
  } catch {
    const unreadable = 'The signing secret cannot be read with this server key; rotate the secret';
    const attempt = { status: null, snippet: null, error: unreadable, durationMs: 0 };
    return recordAttempt(deps.db, claimed, outcomeOf(claimed, attempt, now));
  }
  const attempt = await sendWebhookRequest(
    {
      url: claimed.url,
      body: claimed.body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Fleetgate-Webhooks/1',
        'fleetgate-event': claimed.event_type,
        'fleetgate-delivery': claimed.public_id,
        // The real time, whatever clock drives the retries: receivers compare it with theirs.
        'fleetgate-signature': webhookSignature(secret, claimed.body, new Date()),
      },
    },
    deps.policy,
    deps.timeoutMs,
  );
  return recordAttempt(deps.db, claimed, outcomeOf(claimed, attempt, now));
}
