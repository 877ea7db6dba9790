import { z } from 'zod';
import { patchSchemaOf } from './patch-schema.ts';

/**
 * The optional modules a company can install (`/apps`). The key is the app's publicId on the
 * wire (`AppInstall/{publicId}`); it never changes. An uninstalled app's menu entries, routes
 * and API calls are closed to the company; its data is kept until the company deletes it.
 */
export const appKeys = ['dataLogging', 'alarming', 'reports', 'webAccess', 'backendComponents'] as const;
export type AppKey = (typeof appKeys)[number];

export function isAppKey(value: string): value is AppKey {
  return (appKeys as readonly string[]).includes(value);
}

/** English names, for the API and server messages; the web app has its own translated texts. */
export const appNames: Record<AppKey, string> = {
  dataLogging: 'Data logging',
  alarming: 'Alarming',
  reports: 'Reports',
  webAccess: 'Web access',
  backendComponents: 'Backend components',
};

/** The 403 of a call that belongs to an app the company has not installed. */
export const appNotInstalledMessage = (app: AppKey) =>
  `The ${appNames[app]} app is not installed in this company`;

/** What each app does, and what it needs to be of use (English, for the API; the web app translates). */
export const appDetails: Record<AppKey, { description: string; needs: string }> = {
  dataLogging: {
    description: 'Records the values of your devices over time and keeps them for charts and exports.',
    needs: 'A logging licence or a trial per device',
  },
  alarming: {
    description: 'Watches device values and raises alarms, by e-mail if you wish, when limits are crossed.',
    needs: 'An alarming licence or a trial per device',
  },
  reports: {
    description: 'Builds reports from dashboards and logged data, on demand or on a schedule.',
    needs: 'Pages (dashboards) to report on; logged data for charts over time',
  },
  webAccess: {
    description: "Opens a device's web interface in the browser through the tunnel, without the VPN client.",
    needs: 'Devices with an HTTP service',
  },
  backendComponents: {
    description: 'Runs your own components in the cloud next to your devices, in an isolated sandbox.',
    needs: 'Backend component templates to run',
  },
};

/** The stable messages of the app calls. */
export const appErrors = {
  alreadyInstalled: 'Already installed',
  notInstalled: 'Not installed',
} as const;

export const appConfigLimits = {
  retentionDaysMin: 30,
  retentionDaysMax: 3650,
  timeZoneMaxLength: 64,
} as const;

/** An IANA time zone the runtime knows (`Europe/Berlin`, `UTC`), checked with Intl. */
export function isTimeZone(value: string): boolean {
  if (value.length > appConfigLimits.timeZoneMaxLength || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Each app's settings (`PATCH AppConfigUpdate`): every property is required in the stored form. */
export const appConfigSchemas = {
  dataLogging: z
    .object({
      retentionDays: z
        .number()
        .int()
        .min(appConfigLimits.retentionDaysMin)
        .max(appConfigLimits.retentionDaysMax),
    })
    .strict(),
  alarming: z.object({ emailNotifications: z.boolean() }).strict(),
  reports: z.object({ timeZone: z.string().refine(isTimeZone) }).strict(),
  webAccess: z.object({ allowSelfSignedCertificates: z.boolean() }).strict(),
  backendComponents: z.object({}).strict(),
} as const satisfies Record<AppKey, z.ZodType>;

export type AppConfigs = { [K in AppKey]: z.infer<(typeof appConfigSchemas)[K]> };
export type AppConfig = AppConfigs[AppKey];

/** The settings of a newly installed app. */
export const appConfigDefaults: AppConfigs = {
  dataLogging: { retentionDays: 365 },
  alarming: { emailNotifications: true },
  reports: { timeZone: 'UTC' },
  webAccess: { allowSelfSignedCertificates: false },
  backendComponents: {},
};

/**
 * The stored settings of an app with the defaults filled in: a setting added in a later version
 * takes its default, one that no longer exists or no longer passes is dropped.
 */
export function appConfigOf<K extends AppKey>(app: K, stored: unknown): AppConfigs[K] {
  const defaults = appConfigDefaults[app] as Record<string, unknown>;
  const given = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const merged: Record<string, unknown> = { ...defaults };
  const shape = appConfigSchemas[app].shape as Record<string, z.ZodType>;
  for (const [name, schema] of Object.entries(shape)) {
    if (schema.safeParse(given[name]).success) merged[name] = given[name];
  }
  return merged as AppConfigs[K];
}

/**
 * `PATCH AppConfigUpdate` body: the app and the settings to change (the others stay). The
 * settings are checked against the app's own schema once the app is known.
 */
export const appConfigUpdateInput = z
  .object({ publicId: z.string().min(1).max(64), config: z.record(z.string(), z.unknown()) })
  .strict();

/** The settings part of `AppConfigUpdate` for one app: any of its settings, nothing else. */
export const appConfigPatchSchema = (app: AppKey) => patchSchemaOf(appConfigSchemas[app]).strict();

/** One entry of `GET AppList`: the catalogue, with whether (and how) the company has the app. */
export type CompanyApp = {
  publicId: AppKey;
  name: string;
  description: string;
  needs: string;
  installed: boolean;
  installedOn: string | null;
  /** The app's settings with the defaults filled in (the defaults while it is not installed). */
  config: Record<string, unknown>;
};
