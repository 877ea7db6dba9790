import { z } from 'zod';
import type { TFunction } from 'i18next';
import { backendComponentLimits, type BackendComponentTemplateConfig } from '@fleetgate/contracts';
import type { ConfigSave } from './use-template-parts.ts';

/** The server's rule for config and secret names (`packages/contracts`), checked before saving. */
const keyPattern = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const hostPattern = /^[a-z0-9.-]+(:\d{1,5})?$/;

/**
 * A secret row: a stored one shows only its name and is kept, replaced or removed; a new one
 * (`stored: false`) is set with the value typed once.
 */
export type SecretAction = 'keep' | 'replace' | 'remove' | 'set';

export function configFormSchema(t: TFunction) {
  const maxValue = backendComponentLimits.configValueMaxLength;
  const value = z.string().max(maxValue, t('form.maxLength', { count: maxValue }));
  const key = z.string().trim().regex(keyPattern, t('backendComponents.config.keyInvalid'));
  return z
    .object({
      values: z.array(z.object({ key, value })),
      secrets: z.array(
        z.object({
          name: key,
          stored: z.boolean(),
          action: z.enum(['keep', 'replace', 'remove', 'set']),
          value,
        }),
      ),
      allowedHosts: z
        .array(z.string().trim().toLowerCase().regex(hostPattern, t('backendComponents.config.hostInvalid')))
        .max(
          backendComponentLimits.allowedHosts,
          t('backendComponents.config.tooManyHosts', { count: backendComponentLimits.allowedHosts }),
        ),
    })
    .superRefine((form, ctx) => {
      const duplicate = t('backendComponents.config.keyDuplicate');
      const valueKeys = form.values.map((row) => row.key.trim());
      valueKeys.forEach((one, index) => {
        if (valueKeys.indexOf(one) !== index)
          ctx.addIssue({ code: 'custom', path: ['values', index, 'key'], message: duplicate });
      });
      const secretNames = form.secrets.map((row) => row.name.trim());
      form.secrets.forEach((row, index) => {
        if (secretNames.indexOf(row.name.trim()) !== index)
          ctx.addIssue({ code: 'custom', path: ['secrets', index, 'name'], message: duplicate });
        if ((row.action === 'set' || row.action === 'replace') && row.value === '')
          ctx.addIssue({
            code: 'custom',
            path: ['secrets', index, 'value'],
            message: t('backendComponents.config.valueRequired'),
          });
      });
    });
}

export type ConfigFormValues = z.infer<ReturnType<typeof configFormSchema>>;

/** The form for a stored configuration (or none yet): secrets by name only, their values never known. */
export function configFormValuesOf(config: BackendComponentTemplateConfig | null): ConfigFormValues {
  return {
    values: Object.entries(config?.values ?? {}).map(([key, value]) => ({ key, value })),
    secrets: (config?.secretNames ?? []).map((name) => ({ name, stored: true, action: 'keep', value: '' })),
    allowedHosts: config?.allowedHosts ?? [],
  };
}

function valuesOf(form: ConfigFormValues): Record<string, string> {
  return Object.fromEntries(form.values.map((row) => [row.key.trim(), row.value]));
}

/**
 * The call that stores the form: the first save creates the configuration, later ones patch it,
 * naming only the secrets that change (`null` removes one) so the others stay as stored.
 */
export function configSaveOf(
  form: ConfigFormValues,
  config: BackendComponentTemplateConfig | null,
  templateId: string,
): ConfigSave {
  const secretChanges: Record<string, string | null> = {};
  for (const row of form.secrets) {
    if (row.action === 'set' || row.action === 'replace') secretChanges[row.name.trim()] = row.value;
    else if (row.action === 'remove' && row.stored) secretChanges[row.name.trim()] = null;
  }
  const common = { values: valuesOf(form), allowedHosts: form.allowedHosts };
  if (config === null) {
    const secrets = Object.fromEntries(
      Object.entries(secretChanges).filter((entry): entry is [string, string] => entry[1] !== null),
    );
    return {
      mode: 'create',
      input: {
        template: { publicId: templateId },
        ...common,
        ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
      },
    };
  }
  return {
    mode: 'patch',
    publicId: config.publicId,
    changes: { ...common, ...(Object.keys(secretChanges).length > 0 ? { secrets: secretChanges } : {}) },
  };
}
