import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { DomainEvent, DomainEvents } from '../../events/domain-events.ts';
import type { ReactionsCache } from '../../events/company-reactions.ts';
import { companyPublicIdOf, enqueueDelivery } from './webhook-enqueue.ts';
import { announceWebhookEnqueued } from './webhook-kick.ts';
import { findSubscribedWebhooks } from './webhook.repository.ts';

/** What a receiver gets as `data`: the event without internal ids and bookkeeping. */
function dataOf(event: DomainEvent): unknown {
  // `depth` counts backend component reactions (loop guard), which receivers have no use for.
  const {
    type: _type,
    companyId: _companyId,
    depth: _depth,
    ...data
  } = event as DomainEvent & { depth?: number };
  return data;
}

/**
 * Queues a delivery to every enabled webhook of the event's company that chose its type. Domain
 * events fire once, in the process that committed the fact, so each is queued once; a batch of
 * samples is one delivery, as the event carries it. `reactions` (on PostgreSQL) knows which
 * companies have no webhooks at all: their events cost no lookup.
 */
export function forwardDomainEventsToWebhooks(
  domain: DomainEvents,
  db: Db,
  log: Pick<FastifyBaseLogger, 'warn'>,
  reactions?: ReactionsCache,
): () => void {
  return domain.on(async (event) => {
    if (reactions && !(await reactions.of(event.companyId)).webhooks) return;
    const webhooks = await findSubscribedWebhooks(db, event.companyId, event.type);
    if (webhooks.length === 0) return;
    const companyPublicId = await companyPublicIdOf(db, event.companyId);
    const data = dataOf(event);
    for (const webhook of webhooks) {
      const stored = await enqueueDelivery(db, webhook, companyPublicId, event.type, data);
      if (!stored) log.warn({ webhook: webhook.public_id }, 'webhook queue full, event dropped');
    }
    announceWebhookEnqueued();
  });
}
