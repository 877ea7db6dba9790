import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error.ts';
import {
  appConfigFormSchema,
  configPatchOf,
  formValuesOf,
  localizeAppConfigError,
  timeZoneOptions,
} from './app-config-form.ts';

const t = ((key: string) => key) as unknown as TFunction;

describe('the app settings form', () => {
  it('starts from the app’s config, with the defaults for what it lacks', () => {
    expect(formValuesOf({ config: { retentionDays: 90 } })).toEqual({
      retentionDays: '90',
      emailNotifications: true,
      timeZone: 'UTC',
      allowSelfSignedCertificates: false,
    });
  });

  it('checks the server’s ranges and time zones', () => {
    const schema = appConfigFormSchema(t);
    const valid = formValuesOf({ config: {} });
    expect(schema.safeParse(valid).success).toBe(true);
    for (const retentionDays of ['29', '3651', '90.5', '', 'abc', '-40'])
      expect(schema.safeParse({ ...valid, retentionDays }).success, retentionDays).toBe(false);
    for (const retentionDays of ['30', '3650', ' 365 '])
      expect(schema.safeParse({ ...valid, retentionDays }).success, retentionDays).toBe(true);
    expect(schema.safeParse({ ...valid, timeZone: 'Europe/Berlin' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, timeZone: '' }).success).toBe(false);
  });

  it('sends only the app’s own settings that changed, numbers as numbers', () => {
    const initial = formValuesOf({ config: {} });
    const values = { ...initial, retentionDays: ' 90 ', emailNotifications: false };
    expect(configPatchOf('dataLogging', values, initial)).toEqual({ retentionDays: 90 });
    expect(configPatchOf('alarming', values, initial)).toEqual({ emailNotifications: false });
    expect(configPatchOf('reports', values, initial)).toEqual({});
    expect(configPatchOf('backendComponents', values, initial)).toEqual({});
  });

  it('puts the server’s config.* errors on the fields and says its messages in words', () => {
    const error = new ApiError(400, [
      { message: 'Too small: at least 30', propertyName: 'config.retentionDays' },
    ]);
    const localized = localizeAppConfigError(error, t) as ApiError;
    expect(localized.errors).toEqual([{ message: 'Too small: at least 30', propertyName: 'retentionDays' }]);
    const conflict = localizeAppConfigError(
      new ApiError(409, [{ message: 'Not installed', propertyName: 'publicId' }]),
      t,
    ) as ApiError;
    expect(conflict.errors[0]?.message).toBe('apps.errors.notInstalled');
  });

  it('offers UTC first and keeps a stored zone the runtime no longer lists', () => {
    const options = timeZoneOptions('UTC');
    expect(options[0]).toBe('UTC');
    expect(options).toContain('Europe/Berlin');
    expect(new Set(options).size).toBe(options.length);
    expect(timeZoneOptions('Etc/GMT+5')[0]).toBe('Etc/GMT+5');
  });
});
