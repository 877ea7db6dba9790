import type { Db } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';
import { scheduleName, slotWindow, type RecurringJob } from './queue/job-queue.ts';

/** How often ended temporary access is looked for; the relay ends sessions exactly on its own. */
export const temporaryAccessSweepMs = 2000;

/**
 * Tells users, as their temporary membership or group membership ends, that their access in that
 * company ended (live event `AccessEnded`), so the portal reads companies and devices again and
 * the relay checks their sessions at once. Nothing is deleted: the access rules already treat an
 * ended membership as absent. A recurring job: each slot sweeps the time since the previous
 * slot, once across all server processes (the event reaches every process).
 */
export function temporaryAccessSweepJob(
  db: Db,
  events: EventBus,
  everyMs = temporaryAccessSweepMs,
): RecurringJob {
  return {
    name: scheduleName('temporary-access.sweep', everyMs, temporaryAccessSweepMs),
    everyMs,
    run: async (slot) => {
      const { since, until } = slotWindow(slot, everyMs);
      await sweep(db, events, since, until);
    },
  };
}

/** Publishes `AccessEnded` for every membership and group membership that ended in (since, until]. */
export async function sweep(db: Db, events: EventBus, since: Date, until: Date) {
  const ended = await db
    .selectFrom('memberships')
    .select(['user_id', 'company_id'])
    .where('expires_on', '>', since)
    .where('expires_on', '<=', until)
    .union(
      db
        .selectFrom('group_members')
        .select(['user_id', 'company_id'])
        .where('expires_on', '>', since)
        .where('expires_on', '<=', until),
    )
    .execute();
  if (ended.length === 0) return;
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'public_id'])
    .where('id', 'in', [...new Set(ended.map((row) => row.company_id))])
    .execute();
  const publicIdOf = new Map(companies.map((company) => [company.id, company.public_id]));
  for (const row of ended) {
    const publicId = publicIdOf.get(row.company_id);
    if (publicId === undefined) continue;
    await events.publish(
      { userIds: [row.user_id] },
      { type: 'AccessEnded', data: { company: { publicId } } },
    );
  }
}
