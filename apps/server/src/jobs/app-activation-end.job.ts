import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';
import { slotWindow, type RecurringJob } from './queue/job-queue.ts';

/** How often activations that ran out are looked for. */
export const activationEndSweepMs = 30_000;

/**
 * Announces data logging and alarming activations that end by time: a trial or coupon whose
 * `ends_on` passed, or a licence (or bundle) whose `valid_until` passed. An explicit deactivation
 * already publishes `LicencesChanged` for its agent; these end without anyone acting, so this job
 * publishes it for them. The relay then pushes the agent a config that stops collection, and open
 * portals read the agent's state again. A recurring job: each slot sweeps the time since the
 * previous one, once across all server processes.
 */
export function activationEndSweepJob(db: Db, events: EventBus): RecurringJob {
  return {
    name: 'app-activations.end-sweep',
    everyMs: activationEndSweepMs,
    run: async (slot) => {
      const { since, until } = slotWindow(slot, activationEndSweepMs);
      await sweepEndedActivations(db, events, since, until);
    },
  };
}

/**
 * Publishes `LicencesChanged` once for every agent with an activation that was live at `since`
 * and no longer is at `until` because its time ran out (see `liveActivations`: live while
 * `ends_on > now` and the licence's `valid_until >= now`). Answers the agents' publicIds.
 */
export async function sweepEndedActivations(
  db: Db,
  events: EventBus,
  since: Date,
  until: Date,
): Promise<string[]> {
  const ended = await db
    .selectFrom('agent_app_activations as x')
    .innerJoin('agents as a', 'a.id', 'x.agent_id')
    .leftJoin('licences as l', 'l.id', 'x.licence_id')
    .select(['a.public_id', 'a.company_id'])
    .distinct()
    .where('x.app', 'in', ['dataLogging', 'alarming'])
    .where('x.deactivated_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('x.ends_on', '>', since), eb('x.ends_on', '<=', until)]),
        eb.and([eb('l.valid_until', '>=', since), eb('l.valid_until', '<', until)]),
      ]),
    )
    .execute();
  for (const row of ended)
    await events.publish(
      { companyId: row.company_id },
      { type: 'LicencesChanged', data: { agent: { publicId: row.public_id } } },
    );
  return ended.map((row) => row.public_id);
}
