import { z } from 'zod';
import type { AppKey } from './apps.ts';

/**
 * Licence types the instance operator grants (`licence grant --type …`). A licence of a plain
 * type gives seats for one per-agent app; a bundle type gives seats that activate every app of
 * the bundle on one agent at once (one seat per agent).
 */
export const licenceTypeCatalogue = [
  { publicId: 'logging', name: 'Data logging', apps: ['dataLogging'], bundle: false },
  { publicId: 'alarming', name: 'Alarming', apps: ['alarming'], bundle: false },
  {
    publicId: 'loggingAlarming',
    name: 'Data logging and alarming bundle',
    apps: ['dataLogging', 'alarming'],
    bundle: true,
  },
] as const satisfies readonly { publicId: string; name: string; apps: readonly AppKey[]; bundle: boolean }[];

export type LicenceTypeKey = (typeof licenceTypeCatalogue)[number]['publicId'];

/** The apps that are activated per agent (`AgentAppLoggingListActivate`, `AgentAppAlarmingListActivate`). */
export const perAgentApps = ['dataLogging', 'alarming'] as const satisfies readonly AppKey[];
export type PerAgentApp = (typeof perAgentApps)[number];

/** A trial lasts this long, once per agent and app. */
export const trialDays = 30;

/**
 * Body of `AgentAppLoggingListActivate` / `AgentAppAlarmingListActivate`: the agent's publicId
 * plus exactly one of `trial`, `licence` or `couponCode` (spec §5). The server checks "exactly
 * one" itself so that it can name the property in its 400.
 */
export const activationPayloadSchema = z
  .object({
    publicId: z.string().min(1).max(64),
    trial: z.literal(true).optional(),
    licence: z
      .object({ publicId: z.string().min(1).max(64) })
      .strict()
      .optional(),
    couponCode: z.string().trim().min(1).max(64).optional(),
  })
  .strict();
export type ActivationPayload = z.infer<typeof activationPayloadSchema>;

/**
 * The client rule of spec §5: a trial wins, then a licence, then a coupon code; only the chosen
 * one is sent with the agent's publicId.
 */
export function activationPayload(
  agentPublicId: string,
  choice: { trial?: boolean; licence?: string; couponCode?: string },
): ActivationPayload {
  if (choice.trial) return { publicId: agentPublicId, trial: true };
  if (choice.licence) return { publicId: agentPublicId, licence: { publicId: choice.licence } };
  return { publicId: agentPublicId, couponCode: choice.couponCode?.trim() ?? '' };
}

// ---------------------------------------------------------------------------------------------
// Wire shapes of the licence calls (server: apps/server/src/modules/licences).
// Dates are ISO 8601 timestamps (UTC). A licence is valid from `validFrom` up to and including
// `validUntil`; an activation runs from `startsOn` until `endsOn` (exclusive).
// ---------------------------------------------------------------------------------------------

/** `GET LicenceTypeList`: one entry of the catalogue. */
export type LicenceType = { publicId: LicenceTypeKey; name: string; apps: PerAgentApp[]; bundle: boolean };

export function licenceTypeByKey(key: string) {
  return licenceTypeCatalogue.find((t) => t.publicId === key);
}

export function isLicenceTypeKey(value: string): value is LicenceTypeKey {
  return licenceTypeByKey(value) !== undefined;
}

/** How an app was activated on an agent. */
export const activationSources = ['trial', 'licence', 'coupon', 'bundle'] as const;
export type ActivationSource = (typeof activationSources)[number];

/** A licence as other objects name it: its publicId and its type's name. */
export type LicenceReference = { publicId: string; name: string };

/**
 * `GET LicenceList` (plain types) and `GET LicenceBundleList` (bundle types), capability
 * `licences.manage`. Fields: publicId, type, seats, seatsUsed, seatsFree, validFrom, validUntil,
 * expired, agents, grantedBy, createdOn (`fields=` selects, `page-size`/`page-after` page).
 */
export type Licence = {
  publicId: string;
  /** The type's name, so a licence reads like a reference (`{publicId, name}`). */
  name: string;
  type: { publicId: LicenceTypeKey; name: string };
  seats: number;
  seatsUsed: number;
  seatsFree: number;
  validFrom: string;
  validUntil: string;
  expired: boolean;
  /** The agents holding a seat (an active activation of this licence). */
  agents: { publicId: string; name: string }[];
  grantedBy: string;
  createdOn: string;
};
/** The same shape; a bundle's type has `bundle: true` in the catalogue. */
export type LicenceBundle = Licence;

/**
 * The answer of `AgentAppLoggingListActivate` / `AgentAppAlarmingListActivate` (201), and the
 * entries of `AgentLicenceBundleActivate`'s answer (one per app of the bundle).
 */
export type AgentAppActivation = {
  publicId: string;
  app: PerAgentApp;
  source: ActivationSource;
  startsOn: string;
  /** When it ends; for a licence or bundle, the licence's `validUntil` (it follows extensions). */
  endsOn: string;
  licence: LicenceReference | null;
  agent: { publicId: string; name: string };
};

/**
 * `logging` and `alarming` on the agent's wire shape (Agent, AgentList, the portal's devices):
 * whether the app is active now and how, and whether the agent may still start a trial.
 * When not active, source/startsOn/endsOn/licence are null.
 */
export type AgentAppState = {
  active: boolean;
  source: ActivationSource | null;
  startsOn: string | null;
  endsOn: string | null;
  licence: LicenceReference | null;
  trialAvailable: boolean;
};

/** `POST AgentLicenceBundleActivate`: the agent and the bundle (one seat activates all its apps). */
export const bundleActivateSchema = z
  .object({
    publicId: z.string().min(1).max(64),
    bundle: z.object({ publicId: z.string().min(1).max(64) }).strict(),
  })
  .strict();
export type BundleActivate = z.infer<typeof bundleActivateSchema>;

/** Answer of `AgentLicenceBundleActivate` (201): the bundle and one activation per app. */
export type AgentBundleActivation = {
  agent: { publicId: string; name: string };
  bundle: LicenceReference;
  activations: AgentAppActivation[];
};

/** `DELETE AgentLicenceBundles/{agentId}`: the bundles to deactivate on the agent (all or nothing). */
export const bundleDeactivateSchema = z
  .array(z.object({ publicId: z.string().min(1).max(64) }).strict())
  .min(1)
  .max(100);

/**
 * `POST LicenceBundleExtend/{publicId}` (a bundle, or a plain licence): a coupon of the licence's
 * type extends `validUntil` by the coupon's days, counted from the later of now and `validUntil`.
 * Answers the licence (`Licence`).
 */
export const licenceExtendSchema = z.object({ couponCode: z.string().trim().min(1).max(64) }).strict();
export type LicenceExtend = z.infer<typeof licenceExtendSchema>;

/** Stable messages of the licence calls; the web app translates them by these strings. */
export const licenceErrors = {
  chooseOne: 'Give one of trial, licence or couponCode',
  onlyOne: 'Give only one of trial, licence or couponCode',
  trialUsed: (app: PerAgentApp) => `The trial of ${appLabel(app)} was already used on this agent`,
  alreadyActive: (app: PerAgentApp) => `${appLabel(app)} is already active on this agent`,
  notActive: (app: PerAgentApp) => `${appLabel(app)} is not active on this agent`,
  licenceExpired: 'This licence has expired',
  noFreeSeats: 'No free seats on this licence',
  wrongLicenceType: 'This licence is not for this app',
  notABundle: 'This is not a licence bundle',
  bundleNotActive: 'This bundle is not active on this agent',
  couponUnknown: 'Unknown or already used coupon code',
  couponWrongType: 'This coupon is not for this licence type',
} as const;

const appLabels: Record<PerAgentApp, string> = { dataLogging: 'Data logging', alarming: 'Alarming' };
function appLabel(app: PerAgentApp) {
  return appLabels[app];
}

/** Coupon codes the CLI prints: `FG-XXXX-XXXX-XXXX` (no 0/O/1/I to keep them readable). */
export const couponCodeAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
