import type { TFunction } from 'i18next';
import { z } from 'zod';
import {
  appConfigDefaults,
  appConfigLimits,
  appErrors,
  isTimeZone,
  type AppKey,
  type CompanyApp,
} from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';

/** Every app's settings as the form holds them (a number as typed, text). */
export type AppConfigFormValues = {
  retentionDays: string;
  emailNotifications: boolean;
  timeZone: string;
  allowSelfSignedCertificates: boolean;
};
export type AppSetting = keyof AppConfigFormValues;

/** The settings each app shows, in order; an app without any is not configured. */
export const appSettings: Record<AppKey, readonly AppSetting[]> = {
  dataLogging: ['retentionDays'],
  alarming: ['emailNotifications'],
  reports: ['timeZone'],
  webAccess: ['allowSelfSignedCertificates'],
  backendComponents: [],
};

export const allAppSettings = Object.values(appSettings).flat();

/** The form's values for an app: its own settings from its config, the others' defaults (never shown). */
export function formValuesOf(app: Pick<CompanyApp, 'config'>): AppConfigFormValues {
  const config = {
    ...appConfigDefaults.dataLogging,
    ...appConfigDefaults.alarming,
    ...appConfigDefaults.reports,
    ...appConfigDefaults.webAccess,
    ...app.config,
  };
  return {
    retentionDays: String(config.retentionDays),
    emailNotifications: config.emailNotifications,
    timeZone: config.timeZone,
    allowSelfSignedCertificates: config.allowSelfSignedCertificates,
  };
}

/** The rules of the server's schemas (contracts), in the user's words. */
export function appConfigFormSchema(t: TFunction): z.ZodType<AppConfigFormValues, AppConfigFormValues> {
  const { retentionDaysMin: min, retentionDaysMax: max } = appConfigLimits;
  return z.object({
    retentionDays: z.string().refine(
      (value) => {
        if (!/^\d{1,5}$/.test(value.trim())) return false;
        const days = Number(value);
        return days >= min && days <= max;
      },
      t('apps.settings.retentionDaysRange', { min, max }),
    ),
    emailNotifications: z.boolean(),
    timeZone: z.string().refine(isTimeZone, t('apps.settings.timeZoneInvalid')),
    allowSelfSignedCertificates: z.boolean(),
  });
}

/** `config` of `AppConfigUpdate`: the app's settings that differ from what it has. */
export function configPatchOf(
  app: AppKey,
  values: AppConfigFormValues,
  initial: AppConfigFormValues,
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const setting of appSettings[app]) {
    if (values[setting] === initial[setting]) continue;
    patch[setting] = setting === 'retentionDays' ? Number(values.retentionDays.trim()) : values[setting];
  }
  return patch;
}

/** Puts `config.retentionDays` errors on the `retentionDays` field and says the app's own messages in words. */
export function localizeAppConfigError(error: unknown, t: TFunction): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(
    error.status,
    error.errors.map((item) => ({
      ...item,
      ...(item.propertyName?.startsWith('config.') ? { propertyName: item.propertyName.slice(7) } : {}),
      message: appErrorText(t, item.message) ?? item.message,
    })),
  );
}

/** The app calls' own messages in the user's words; undefined for the general ones. */
export function appErrorText(t: TFunction, message: string): string | undefined {
  if (message === appErrors.alreadyInstalled) return t('apps.errors.alreadyInstalled');
  if (message === appErrors.notInstalled) return t('apps.errors.notInstalled');
  return undefined;
}

/** The time zones to choose from: UTC first, then the runtime's IANA zones, and the current one if it has gone. */
export function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const options = ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
  return current === '' || options.includes(current) ? options : [current, ...options];
}
