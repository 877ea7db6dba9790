import {
  activationPayload,
  licenceTypeCatalogue,
  type ActivationPayload,
  type LicenceTypeKey,
  type PerAgentApp,
} from '@fleetgate/contracts';
import type { AgentWithApps, Licence, NamedRef } from './licence-wire.ts';

/** How an app gets activated on one agent in the activation dialog (spec §5). */
export type ActivationKind = 'trial' | 'licence' | 'coupon';

/** The dialog's values: the chosen kind plus whatever the user filled in for any kind. */
export type ActivationChoice = { kind: ActivationKind; licence: string; couponCode: string };

/** The plain licence type that gives seats for `app` (`logging` for data logging). */
export function licenceTypeOf(app: PerAgentApp): LicenceTypeKey {
  const type = licenceTypeCatalogue.find(
    (entry) => !entry.bundle && (entry.apps as readonly string[]).includes(app),
  );
  if (!type) throw new Error(`No licence type for ${app}`);
  return type.publicId;
}

/** The licences an agent can take a seat of for `app`: of the app's type, valid, with a free seat. */
export function usableLicences(licences: readonly Licence[], app: PerAgentApp): Licence[] {
  const type = licenceTypeOf(app);
  return licences.filter((l) => l.type.publicId === type && !l.expired && l.seatsFree > 0);
}

/** The choice the dialog opens on: the trial while there is one, else a licence, else a coupon. */
export function defaultActivationKind(trialAvailable: boolean, usable: readonly Licence[]): ActivationKind {
  if (trialAvailable) return 'trial';
  return usable.length > 0 ? 'licence' : 'coupon';
}

/** Whether the dialog has what its chosen kind needs. */
export function choiceComplete(choice: ActivationChoice, trialAvailable: boolean): boolean {
  if (choice.kind === 'trial') return trialAvailable;
  if (choice.kind === 'licence') return choice.licence !== '';
  return choice.couponCode.trim() !== '';
}

/**
 * The request body for the chosen kind. Values typed for another kind before the user changed
 * their mind are dropped, and `activationPayload` (the client rule of spec §5) sends only the
 * agent's publicId with the one that counts.
 */
export function activationBody(agentPublicId: string, choice: ActivationChoice): ActivationPayload {
  return activationPayload(agentPublicId, {
    trial: choice.kind === 'trial',
    licence: choice.kind === 'licence' ? choice.licence : undefined,
    couponCode: choice.kind === 'coupon' ? choice.couponCode : undefined,
  });
}

/** A licence's seats as the table shows them: used of total, and the bar's fill in percent. */
export function seatUsage(licence: Pick<Licence, 'seats' | 'seatsUsed'>): {
  used: number;
  seats: number;
  percent: number;
} {
  const seats = Math.max(licence.seats, 0);
  const used = Math.min(Math.max(licence.seatsUsed, 0), seats);
  return { used, seats, percent: seats === 0 ? 0 : Math.round((used / seats) * 100) };
}

/** The devices a bundle can still be activated on: those not already using it, by name. */
export function devicesWithoutBundle<T extends NamedRef>(agents: readonly T[], bundle: Licence): T[] {
  const using = new Set(bundle.agents.map((agent) => agent.publicId));
  return agents.filter((agent) => !using.has(agent.publicId)).sort((a, b) => a.name.localeCompare(b.name));
}

/** The per-agent apps active on an agent, for the small marks in the devices list. */
export function activeApps(agent: AgentWithApps): PerAgentApp[] {
  const active: PerAgentApp[] = [];
  if (agent.logging?.active) active.push('dataLogging');
  if (agent.alarming?.active) active.push('alarming');
  return active;
}
