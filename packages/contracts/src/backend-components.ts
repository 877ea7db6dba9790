import { z } from 'zod';
import { limits } from './limits.ts';

const publicId = z.string().regex(/^[0-9a-z]{12}$/);
const ref = z.strictObject({ publicId });

/** The sandbox every run gets: 64 MB of memory, 5 s of time (issue 17). */
export const backendComponentLimits = {
  memoryMb: 64,
  timeoutMs: 5000,
  codeMaxLength: 100_000,
  /** Runs kept per company and template (newest first); older ones are removed. */
  runsKept: 200,
  configEntries: 50,
  configValueMaxLength: 4096,
  allowedHosts: 20,
  templatesPerCompany: 200,
  subscriptionsPerCompany: 500,
  tagsPerSubscription: 100,
} as const;

/** Stable messages of the backend components API; the web app translates them. */
export const backendComponentErrors = {
  notProvisioned: 'Your company is not fully provisioned',
  nameTaken: 'A template with this name exists',
  codeWithoutHandler: 'The code must define a function named handler',
  cronInvalid: 'Invalid schedule',
  shareWithOwnCompany: 'A template cannot be shared with its own company',
  templateLimit: 'Too many backend component templates',
  subscriptionLimit: 'Too many message subscriptions',
} as const;

// ---- Templates ----

const templateFields = {
  name: z.string().trim().min(1).max(limits.nameMaxLength),
  description: z.string().trim().max(1000).optional(),
  /**
   * A script that defines `async function handler(message, context)`; see the README's
   * "Backend components" section for what `context` offers.
   */
  code: z.string().min(1).max(backendComponentLimits.codeMaxLength),
};
export const backendComponentTemplateCreateInput = z.strictObject(templateFields);
export type BackendComponentTemplateCreateInput = z.input<typeof backendComponentTemplateCreateInput>;
export const backendComponentTemplatePatchInput = z.strictObject({
  name: templateFields.name.optional(),
  description: templateFields.description,
  code: templateFields.code.optional(),
});
export type BackendComponentTemplatePatchInput = z.input<typeof backendComponentTemplatePatchInput>;

export type BackendComponentTemplate = {
  publicId: string;
  name: string;
  description: string;
  /** The owning company; a template shared with the caller's company has another. */
  company: { publicId: string; name: string };
  /** Whether the caller's company owns it. Only the owner reads `code`. */
  own: boolean;
  code: string | null;
  updatedOn: string;
};

// ---- Configs ----

const configKey = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/);
const configMap = z
  .record(configKey, z.string().max(backendComponentLimits.configValueMaxLength))
  .refine((map) => Object.keys(map).length <= backendComponentLimits.configEntries, {
    message: `At most ${backendComponentLimits.configEntries} entries`,
  });
/** A host name, optionally with a port; no scheme, no path. */
const allowedHost = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9.-]+(:\d{1,5})?$/);

export const backendComponentTemplateConfigCreateInput = z.strictObject({
  template: ref,
  values: configMap.optional(),
  /** Write-only: stored encrypted, never returned; on PATCH, `null` for a name removes it. */
  secrets: configMap.optional(),
  allowedHosts: z.array(allowedHost).max(backendComponentLimits.allowedHosts).optional(),
});
export type BackendComponentTemplateConfigCreateInput = z.input<
  typeof backendComponentTemplateConfigCreateInput
>;
export const backendComponentTemplateConfigPatchInput = z.strictObject({
  values: configMap.optional(),
  secrets: z
    .record(configKey, z.string().max(backendComponentLimits.configValueMaxLength).nullable())
    .optional(),
  allowedHosts: z.array(allowedHost).max(backendComponentLimits.allowedHosts).optional(),
});
export type BackendComponentTemplateConfigPatchInput = z.input<
  typeof backendComponentTemplateConfigPatchInput
>;

export type BackendComponentTemplateConfig = {
  publicId: string;
  template: { publicId: string };
  values: Record<string, string>;
  /** The names of stored secrets; their values are never returned. */
  secretNames: string[];
  allowedHosts: string[];
};

// ---- Shares ----

export const backendComponentTemplateShareCreateInput = z.strictObject({ template: ref, company: ref });
export type BackendComponentTemplateShareCreateInput = z.input<
  typeof backendComponentTemplateShareCreateInput
>;
export const backendComponentTemplateSharePatchInput = z.strictObject({ company: ref.optional() });

export type BackendComponentTemplateShare = {
  publicId: string;
  /** The company the template is shared with. */
  company: { publicId: string; name: string };
  template: { publicId: string; name: string };
};

// ---- Message subscriptions ----

export const backendComponentSubscriptionKinds = [
  'tagSamples',
  'alarmRaised',
  'accessRequestDecided',
  'agentStatus',
  'schedule',
] as const;
export type BackendComponentSubscriptionKind = (typeof backendComponentSubscriptionKinds)[number];

const subscriptionFields = {
  template: ref,
  kind: z.enum(backendComponentSubscriptionKinds),
  /** Only messages about this device (tag samples need a device; other kinds may leave it out). */
  agent: ref.nullable().optional(),
  /** For `tagSamples`: the tags whose samples trigger a run (of `agent`). */
  tags: z.array(ref).max(backendComponentLimits.tagsPerSubscription).optional(),
  /** For `schedule`: five-field cron, evaluated in UTC, at most once a minute. */
  cron: z.string().trim().max(100).nullable().optional(),
  enabled: z.boolean().optional(),
};
export const backendComponentMessageSubscriptionCreateInput = z.strictObject(subscriptionFields);
export type BackendComponentMessageSubscriptionCreateInput = z.input<
  typeof backendComponentMessageSubscriptionCreateInput
>;
export const backendComponentMessageSubscriptionPatchInput = z.strictObject({
  agent: subscriptionFields.agent,
  tags: subscriptionFields.tags,
  cron: subscriptionFields.cron,
  enabled: subscriptionFields.enabled,
});
export type BackendComponentMessageSubscriptionPatchInput = z.input<
  typeof backendComponentMessageSubscriptionPatchInput
>;

export type BackendComponentMessageSubscription = {
  publicId: string;
  company: { publicId: string; name: string };
  template: { publicId: string; name: string };
  kind: BackendComponentSubscriptionKind;
  agent: { publicId: string; name: string } | null;
  tags: { publicId: string; name: string }[];
  cron: string | null;
  enabled: boolean;
  /** Runs lost because the company had too many runs waiting (read-only). */
  droppedRuns: number;
};

// ---- Runs (the log) ----

export type BackendComponentRunStatus = 'ok' | 'error' | 'timeout' | 'memory';
export type BackendComponentRun = {
  trigger: string;
  status: BackendComponentRunStatus;
  startedOn: string;
  durationMs: number;
  logs: { level: string; text: string; at: string }[];
  result: unknown;
  error: string | null;
};
