import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { BackendComponentTemplateConfig } from '@fleetgate/contracts';
import { configFormSchema, configFormValuesOf, configSaveOf, type ConfigFormValues } from './config-form.ts';

const t = ((key: string) => key) as unknown as TFunction;

const stored: BackendComponentTemplateConfig = {
  publicId: 'configaaaaaa',
  template: { publicId: 'templateaaaa' },
  values: { threshold: '80' },
  secretNames: ['API_KEY', 'TOKEN'],
  allowedHosts: ['api.example.com'],
};

function issues(values: ConfigFormValues) {
  const result = configFormSchema(t).safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('config form', () => {
  it('shows stored secrets by name only, each kept until the user acts', () => {
    expect(configFormValuesOf(stored)).toEqual({
      values: [{ key: 'threshold', value: '80' }],
      secrets: [
        { name: 'API_KEY', stored: true, action: 'keep', value: '' },
        { name: 'TOKEN', stored: true, action: 'keep', value: '' },
      ],
      allowedHosts: ['api.example.com'],
    });
    expect(configFormValuesOf(null)).toEqual({ values: [], secrets: [], allowedHosts: [] });
  });

  it('creates the first configuration with the secrets typed', () => {
    const form: ConfigFormValues = {
      values: [{ key: ' unit ', value: '°F' }],
      secrets: [{ name: 'API_KEY', stored: false, action: 'set', value: 's3cret' }],
      allowedHosts: [],
    };
    expect(configSaveOf(form, null, 'templateaaaa')).toEqual({
      mode: 'create',
      input: {
        template: { publicId: 'templateaaaa' },
        values: { unit: '°F' },
        allowedHosts: [],
        secrets: { API_KEY: 's3cret' },
      },
    });
  });

  it('patches only the secrets that change: replaced, removed (null) or new; kept ones are not named', () => {
    const form = configFormValuesOf(stored);
    form.secrets[0] = { ...form.secrets[0]!, action: 'replace', value: 'new-key' };
    form.secrets[1] = { ...form.secrets[1]!, action: 'remove' };
    form.secrets.push({ name: 'EXTRA', stored: false, action: 'set', value: 'x' });
    expect(configSaveOf(form, stored, 'templateaaaa')).toEqual({
      mode: 'patch',
      publicId: 'configaaaaaa',
      changes: {
        values: { threshold: '80' },
        allowedHosts: ['api.example.com'],
        secrets: { API_KEY: 'new-key', TOKEN: null, EXTRA: 'x' },
      },
    });
    expect(configSaveOf(configFormValuesOf(stored), stored, 'templateaaaa')).toEqual({
      mode: 'patch',
      publicId: 'configaaaaaa',
      changes: { values: { threshold: '80' }, allowedHosts: ['api.example.com'] },
    });
  });

  it('checks names, duplicates, missing secret values and hosts before saving', () => {
    expect(
      issues({
        values: [
          { key: '1bad', value: '' },
          { key: 'ok', value: '' },
          { key: 'ok', value: '' },
        ],
        secrets: [
          { name: 'KEY', stored: false, action: 'set', value: '' },
          { name: 'OLD', stored: true, action: 'replace', value: '' },
          { name: 'GONE', stored: true, action: 'remove', value: '' },
        ],
        allowedHosts: ['https://api.example.com/x'],
      }),
    ).toEqual([
      ['values.0.key', 'backendComponents.config.keyInvalid'],
      ['allowedHosts.0', 'backendComponents.config.hostInvalid'],
      ['values.2.key', 'backendComponents.config.keyDuplicate'],
      ['secrets.0.value', 'backendComponents.config.valueRequired'],
      ['secrets.1.value', 'backendComponents.config.valueRequired'],
    ]);
    expect(issues(configFormValuesOf(stored))).toEqual([]);
  });
});
