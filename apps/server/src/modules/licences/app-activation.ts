import { perAgentApps, type AgentAppState, type PerAgentApp } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { licenceTypeName } from './licence.presenter.ts';
import { liveActivations, trialsOf } from './licence.repository.ts';

/** `logging` and `alarming` of the agent's wire shape. */
export type AgentAppStates = { logging: AgentAppState; alarming: AgentAppState };

const inactive = (trialAvailable: boolean): AgentAppState => ({
  active: false,
  source: null,
  startsOn: null,
  endsOn: null,
  licence: null,
  trialAvailable,
});

/**
 * Whether the app runs on the agent now: an activation not deactivated, not run out, and (from a
 * licence or bundle) its licence not expired. The data-logging and alarming features ask this;
 * whether the company still has the app installed is the separate gate `requireAppInstalled`.
 */
export async function isAppActiveOnAgent(db: Db, agentId: number, app: PerAgentApp, now = new Date()) {
  const rows = await liveActivations(db, [agentId], now);
  return rows.some((row) => row.app === app);
}

/** The activation states of these agents, by agent id (each agent gets both apps). */
export async function loadAgentAppStates(
  db: Db,
  agentIds: number[],
  now = new Date(),
): Promise<Map<number, AgentAppStates>> {
  const states = new Map<number, AgentAppStates>();
  if (agentIds.length === 0) return states;
  const [live, trials] = await Promise.all([liveActivations(db, agentIds, now), trialsOf(db, agentIds)]);
  const tried = new Set(trials.map((t) => `${t.agent_id}:${t.app}`));
  const state = (agentId: number, app: PerAgentApp): AgentAppState => {
    const trialAvailable = !tried.has(`${agentId}:${app}`);
    const row = live.find((r) => r.agent_id === agentId && r.app === app);
    if (!row) return inactive(trialAvailable);
    const endsOn = row.ends_on ?? row.valid_until;
    return {
      active: true,
      source: row.source,
      startsOn: row.starts_on.toISOString(),
      endsOn: endsOn?.toISOString() ?? null,
      licence:
        row.licence_public_id && row.licence_type
          ? { publicId: row.licence_public_id, name: licenceTypeName(row.licence_type) }
          : null,
      trialAvailable,
    };
  };
  for (const id of agentIds) {
    const [logging, alarming] = perAgentApps.map((app) => state(id, app)) as [AgentAppState, AgentAppState];
    states.set(id, { logging, alarming });
  }
  return states;
}

export const agentAppStateFields = {
  active: true,
  source: true,
  startsOn: true,
  endsOn: true,
  licence: { publicId: true, name: true },
  trialAvailable: true,
} as const;
