import type { LiveEvent } from '@fleetgate/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { createAgentAudienceCache } from './agent-audience.ts';
import type { IngestAgent, IngestResult } from './sample-ingest.ts';

/** Tag values in one live event: its payload stays well under PostgreSQL's NOTIFY limit. */
export const tagValuesPerEvent = 50;

export type TagValuesPublisher = (
  db: Db,
  agent: IngestAgent,
  newest: IngestResult['newest'],
) => Promise<void>;

/**
 * Tells the users who see an agent the newest values of a stored batch (`TagValuesChanged`),
 * whoever stored it: the agent's own batches and the server's MQTT collector alike. Never throws.
 */
export function createTagValuesPublisher(deps: {
  events: EventBus;
  log: FastifyBaseLogger;
}): TagValuesPublisher {
  const audience = createAgentAudienceCache();
  return async (db, agent, tags) => {
    try {
      const userIds = await audience(db, agent);
      if (userIds.length === 0) return;
      // On PostgreSQL an event crosses processes as a NOTIFY, whose payload is limited to 8,000 bytes.
      for (let i = 0; i < tags.length; i += tagValuesPerEvent) {
        const event: LiveEvent = {
          type: 'TagValuesChanged',
          data: { agent: { publicId: agent.publicId }, tags: tags.slice(i, i + tagValuesPerEvent) },
        };
        await deps.events.publish({ userIds }, event);
      }
    } catch (error) {
      deps.log.error({ err: error }, 'tag values not published');
    }
  };
}
