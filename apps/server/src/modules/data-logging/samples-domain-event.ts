import type { EventBus } from '../../events/event-bus.ts';
import type { SamplesStoredListener } from './samples-stored.ts';

/**
 * Announces each stored batch as a `TagSamples` domain event once it has committed, for backend
 * components and webhooks. A resent sample was left out of the batch, so each sample is announced once.
 */
export function createSamplesDomainEvent(events: EventBus, depth = 0): SamplesStoredListener {
  return async (_trx, stored) => {
    if (stored.samples.length === 0) return;
    const samples = stored.samples.map((sample) => ({
      tag: { publicId: sample.tagPublicId },
      time: sample.time.toISOString(),
      value: sample.value,
    }));
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
