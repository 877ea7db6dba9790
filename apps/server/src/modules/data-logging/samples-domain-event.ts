import type { EventBus } from '../../events/event-bus.ts';
import type { SamplesStoredListener } from './samples-stored.ts';

/**
 * Announces each stored batch as a `TagSamples` domain event once it has committed, for backend
 * components and webhooks. A resent sample was left out of the batch, so each sample is announced once.
 */
export function createSamplesDomainEvent(events: EventBus, depth = 0): SamplesStoredListener {
  return async (trx, stored) => {
    if (stored.samples.length === 0) return;
    const tagIds = [...new Set(stored.samples.map((sample) => sample.tagId))];
    const rows = await trx.selectFrom('tags').select(['id', 'public_id']).where('id', 'in', tagIds).execute();
    const publicIds = new Map(rows.map((row) => [row.id, row.public_id]));
    const samples = stored.samples.flatMap((sample) => {
      const publicId = publicIds.get(sample.tagId);
      return publicId ? [{ tag: { publicId }, time: sample.time.toISOString(), value: sample.value }] : [];
    });
    return async () =>
      events.domain.emit({
        type: 'TagSamples',
        companyId: stored.companyId,
        agent: { publicId: stored.agentPublicId },
        samples,
        depth,
      });
  };
}
