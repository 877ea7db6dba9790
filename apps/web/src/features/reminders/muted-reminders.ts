import { createStoredValue } from '../../app/stored-value.ts';
import type { Mutes } from './reminders.ts';

function parseMutes(raw: unknown): Mutes {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const mutes: Mutes = {};
  for (const [id, value] of Object.entries(raw as Record<string, unknown>)) {
    const { mutedOn, expiresOn } = (value ?? {}) as Record<string, unknown>;
    if (typeof mutedOn === 'number' && typeof expiresOn === 'number') mutes[id] = { mutedOn, expiresOn };
  }
  return mutes;
}

/** Which reminders the user muted, and when: kept in this browser, shared by its tabs. */
export const mutedReminders = createStoredValue<Mutes>('fleetgate.mutedReminders', {}, parseMutes);
