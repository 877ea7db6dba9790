import { z } from 'zod';
import type { CustomField } from './custom-fields.ts';
import { httpsUrl } from './http-url.ts';
import { limits } from './limits.ts';

/**
 * A company's own value of one property (`MyCompanyCustomPropertyList`): the key is either the
 * key of a custom field of entity `company` or one of the company settings (`custom.*`).
 */
export type CompanyProperty = { publicId: string; key: string; value: CompanyPropertyValue };
export type CompanyPropertyValue = string | number | boolean;

/** The company settings a property may set; each is read as `Company.custom.<name>`. */
export const companySettingKeys = ['custom.glbVpnClientReleaseNotesUrl'] as const;
export type CompanySettingKey = (typeof companySettingKeys)[number];
export const companySettingPrefix = 'custom.';

/** How each setting's value is checked: the Company PATCH, the branding screen and the property API share these. */
export const companySettingSchemas = {
  'custom.glbVpnClientReleaseNotesUrl': httpsUrl,
} as const satisfies Record<CompanySettingKey, z.ZodType>;

export function isCompanySettingKey(key: string): key is CompanySettingKey {
  return (companySettingKeys as readonly string[]).includes(key);
}

/** The longest text a text field's value may have. */
export const customFieldValueMaxLength = 1000;

/** `YYYY-MM-DD`, a day that exists. */
const isoDay = z.string().refine((value) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
});

/**
 * The value a custom field takes, by its definition: text (trimmed, 1 to 1000 characters), a
 * finite number, true or false, a day (`YYYY-MM-DD`), or one of a select field's options. Every
 * entity's values are checked with this, on the server and in forms.
 */
export function customFieldValueSchema(field: Pick<CustomField, 'type' | 'options'>): z.ZodType {
  switch (field.type) {
    case 'text':
      return z.string().trim().min(1).max(customFieldValueMaxLength);
    case 'number':
      return z.number().refine(Number.isFinite);
    case 'boolean':
      return z.boolean();
    case 'date':
      return isoDay;
    case 'select':
      return z.string().refine((value) => field.options.includes(value));
  }
}

const value = z.union([z.string(), z.number(), z.boolean()]);

/** `POST MyCompanyCustomPropertyList`: one `{key, value}` or a list; the value is checked against the key's definition. */
export const companyPropertyCreateInput = z.strictObject({
  key: z.string().trim().min(1).max(limits.nameMaxLength),
  value,
});
export type CompanyPropertyCreateInput = z.infer<typeof companyPropertyCreateInput>;

/** `PATCH MyCompanyCustomProperty/{publicId}`: the key stays. */
export const companyPropertyPatchInput = z.strictObject({ value });
export type CompanyPropertyPatchInput = z.infer<typeof companyPropertyPatchInput>;

/** Stable messages of the company property API; the web app translates them. */
export const companyPropertyErrorMessages = {
  /** Neither a custom field of entity `company` nor a known `custom.*` setting. */
  unknownKey: 'Unknown key',
  /** The company already has a value for this key (change it with PATCH). */
  keyInUse: 'KEY_ALREADY_IN_USE',
} as const;
