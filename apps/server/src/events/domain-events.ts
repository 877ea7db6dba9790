import type { FastifyBaseLogger } from 'fastify';
import type { AccessRequest, Alarm } from '@fleetgate/contracts';

/** A stored sample as a function or a webhook sees it. */
export type DomainSample = { tag: { publicId: string }; time: string; value: number };

/**
 * Facts that backend components and webhooks react to. Unlike live events (EventBus.publish),
 * these stay in the process where the fact was committed, so each one is handled once however
 * many server processes run.
 */
export type DomainEvent =
  | {
      type: 'TagSamples';
      companyId: number;
      agent: { publicId: string };
      samples: DomainSample[];
      /** 0 for collected samples; n for values a function wrote in reaction to depth n − 1 (loops end). */
      depth: number;
    }
  | { type: 'AlarmRaised'; companyId: number; alarm: Alarm }
  | { type: 'AccessRequestDecided'; companyId: number; request: AccessRequest }
  | {
      type: 'AgentStatusChanged';
      companyId: number;
      agent: { publicId: string };
      status: 'online' | 'offline';
    };

export type DomainEventType = DomainEvent['type'];

type Listener = (event: DomainEvent) => Promise<void> | void;

/** In-process, after commit. A listener's failure is logged; it never reaches the emitter. */
export class DomainEvents {
  readonly #listeners = new Set<Listener>();
  #log: Pick<FastifyBaseLogger, 'error'> | undefined;

  setLogger(log: Pick<FastifyBaseLogger, 'error'>) {
    this.#log = log;
  }

  on(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: DomainEvent): void {
    for (const listener of this.#listeners) {
      Promise.resolve()
        .then(() => listener(event))
        .catch((error: unknown) =>
          this.#log?.error({ err: error, event: event.type }, 'domain event listener failed'),
        );
    }
  }
}
