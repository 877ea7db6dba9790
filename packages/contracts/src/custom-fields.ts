import { z } from 'zod';
import { limits } from './limits.ts';

/** The kinds of entity a company can give extra properties to. */
export const customFieldEntities = ['agent', 'asset', 'group', 'user', 'company'] as const;
export type CustomFieldEntity = (typeof customFieldEntities)[number];

/** Value types of a custom field; only `select` has a list of options. */
export const customFieldTypes = ['text', 'number', 'boolean', 'date', 'select'] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];

/** Machine keys: a lower-case letter, then letters, digits or underscores (`serialNumber`, `site_code`). */
export const customFieldKeyPattern = /^[a-z][a-zA-Z0-9_]*$/;
export const customFieldKeyMaxLength = 64;
export const customFieldOptionsMax = 100;

/** Stable messages of the custom-field API; the web app translates them. */
export const customFieldErrorMessages = {
  keyInUse: 'KEY_ALREADY_IN_USE',
  optionsRequired: 'A select field needs at least one option',
  optionsNotAllowed: 'Only select fields have options',
} as const;

const option = z.string().trim().min(1).max(limits.nameMaxLength);
// A string first, so a missing value reads "Required property" rather than "Invalid value".
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.string().pipe(z.enum(values));

const editable = {
  name: z.string().trim().min(1).max(limits.nameMaxLength),
  type: oneOf(customFieldTypes),
  options: z.array(option).max(customFieldOptionsMax),
  required: z.boolean(),
  order: z.number().int().min(0).max(2_000_000_000),
};

/**
 * `POST CustomPropertyList`. Order defaults to the highest order of the entity's fields + 1000
 * (0 for the first).
 */
export const customFieldCreateInput = z.strictObject({
  name: editable.name,
  key: z.string().trim().min(1).max(customFieldKeyMaxLength).regex(customFieldKeyPattern),
  entity: oneOf(customFieldEntities),
  type: editable.type,
  options: editable.options.default([]),
  required: editable.required.default(false),
  order: editable.order.optional(),
});
export type CustomFieldCreateInput = z.input<typeof customFieldCreateInput>;

/** `PATCH CustomProperty/{publicId}`: the key and entity stay what they were created with. */
export const customFieldPatchInput = z.strictObject({
  name: editable.name.optional(),
  type: editable.type.optional(),
  options: editable.options.optional(),
  required: editable.required.optional(),
  order: editable.order.optional(),
});
export type CustomFieldPatchInput = z.input<typeof customFieldPatchInput>;

export type CustomField = {
  publicId: string;
  name: string;
  key: string;
  entity: CustomFieldEntity;
  type: CustomFieldType;
  options: string[];
  required: boolean;
  order: number;
};
