import {
  claimDeliveries,
  expireDeliveries,
  pruneDeliveries,
} from '../modules/webhooks/webhook-delivery.repository.ts';
import {
  attemptDelivery,
  deliveryLeaseMs,
  type WebhookDeliveryDeps,
} from '../modules/webhooks/webhook-delivery.service.ts';
import { onWebhookEnqueued } from '../modules/webhooks/webhook-kick.ts';
import type { Db } from '../db/client.ts';
import type { RecurringJob } from './queue/job-queue.ts';

/** How often the queue is looked at when nothing was announced (retries, other processes' deliveries). */
export const webhookPollMs = 2000;
/** Deliveries sent at once by one process. */
const batchSize = 10;

/**
 * Fails deliveries past their 24 hours, then sends due ones in batches until none is due at
 * `now`. Answers how many attempts were made. Tests pass a later time instead of waiting, and
 * one company, so that moving their clock leaves other tests' deliveries in the shared database alone.
 */
export async function runWebhookDeliveriesOnce(
  deps: WebhookDeliveryDeps,
  now = new Date(),
  companyId?: number,
): Promise<number> {
  await expireDeliveries(deps.db, now, companyId);
  let attempts = 0;
  for (;;) {
    const claimed = await claimDeliveries(deps.db, {
      now,
      leaseMs: deliveryLeaseMs,
      limit: batchSize,
      companyId,
    });
    if (claimed.length === 0) return attempts;
    await Promise.all(claimed.map((delivery) => attemptDelivery(deps, delivery, now)));
    attempts += claimed.length;
  }
}

/** Removes old delivered and failed deliveries, hourly, once across all server processes. */
export function webhookPruneJob(db: Db): RecurringJob {
  return {
    name: 'webhooks.prune-deliveries',
    everyMs: 3600 * 1000,
    run: async ({ slot }) => pruneDeliveries(db, slot),
  };
}

/**
 * Starts this process's delivery worker: polls, and runs at once when a delivery is queued here.
 * Returns a function that stops it and waits for the attempts under way.
 */
export function startWebhookWorker(
  deps: WebhookDeliveryDeps,
  onError: (error: unknown) => void,
  intervalMs = webhookPollMs,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runWebhookDeliveriesOnce(deps)
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  const stopListening = onWebhookEnqueued(run);
  return async () => {
    stopped = true;
    clearInterval(timer);
    stopListening();
    await running;
  };
}
