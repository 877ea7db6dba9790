import type { TFunction } from 'i18next';
import {
  companySettingKeys,
  companySettingSchemas,
  customFieldValueMaxLength,
  customFieldValueSchema,
  type CompanyProperty,
  type CompanyPropertyValue,
  type CompanySettingKey,
  type CustomField,
} from '@fleetgate/contracts';
import type { PropertySave } from './use-company-properties.ts';

/**
 * One row of the form: a company custom field or a setting. Every value is edited as text
 * (`''` is "not set"; booleans are `'true'`/`'false'`) and converted when sent.
 */
export type PropertyRow =
  | { kind: 'setting'; key: CompanySettingKey; required: false }
  | { kind: 'field'; key: string; field: CustomField; required: boolean };

export type PropertyFormValues = Record<string, string>;

export function propertyRows(fields: readonly CustomField[]): PropertyRow[] {
  const settings = companySettingKeys.map((key): PropertyRow => ({ kind: 'setting', key, required: false }));
  const sorted = [...fields].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  return [
    ...settings,
    ...sorted.map((field): PropertyRow => ({
      kind: 'field',
      key: field.key,
      field,
      required: field.required,
    })),
  ];
}

function asText(value: CompanyPropertyValue | undefined): string {
  return value === undefined ? '' : String(value);
}

export function initialPropertyValues(
  rows: readonly PropertyRow[],
  properties: readonly CompanyProperty[],
): PropertyFormValues {
  const byKey = new Map(properties.map((p) => [p.key, p.value]));
  return Object.fromEntries(rows.map((row) => [row.key, asText(byKey.get(row.key))]));
}

/** The form's text as the value the API takes (`undefined` when not set). */
export function valueOf(row: PropertyRow, text: string): CompanyPropertyValue | undefined {
  if (text.trim() === '') return undefined;
  if (row.kind === 'setting') return text.trim();
  switch (row.field.type) {
    case 'number':
      return Number(text);
    case 'boolean':
      return text === 'true';
    case 'text':
      return text.trim();
    case 'date':
    case 'select':
      return text;
  }
}

/** The message for a row whose text the server would refuse, or undefined. */
export function propertyError(row: PropertyRow, text: string, t: TFunction): string | undefined {
  const value = valueOf(row, text);
  if (value === undefined) return row.required ? t('companyProperties.validation.required') : undefined;
  if (row.kind === 'setting') {
    return companySettingSchemas[row.key].safeParse(value).success
      ? undefined
      : t('companyProperties.validation.https');
  }
  if (customFieldValueSchema(row.field).safeParse(value).success) return undefined;
  switch (row.field.type) {
    case 'number':
      return t('companyProperties.validation.number');
    case 'date':
      return t('companyProperties.validation.date');
    case 'select':
      return t('companyProperties.validation.option');
    case 'boolean':
    case 'text':
      return t('companyProperties.validation.tooLong', { count: customFieldValueMaxLength });
  }
}

/** The calls that turn the stored values into the form's: create the new, change the changed, remove the cleared. */
export function propertySaveOf(
  rows: readonly PropertyRow[],
  properties: readonly CompanyProperty[],
  values: PropertyFormValues,
): PropertySave {
  const stored = new Map(properties.map((p) => [p.key, p]));
  const save: PropertySave = { create: [], change: [], remove: [] };
  for (const row of rows) {
    const value = valueOf(row, values[row.key] ?? '');
    const existing = stored.get(row.key);
    if (existing === undefined) {
      if (value !== undefined) save.create.push({ key: row.key, value });
    } else if (value === undefined) save.remove.push(existing.publicId);
    else if (value !== existing.value) save.change.push({ publicId: existing.publicId, value });
  }
  return save;
}

/** The row a server error of one save step is about (by its listIndex in that step's list). */
export function rowKeyOfError(
  save: PropertySave,
  properties: readonly CompanyProperty[],
  step: keyof PropertySave,
  listIndex: number | undefined,
): string | undefined {
  const index = listIndex ?? 0;
  if (step === 'create') return save.create[index]?.key;
  const publicId = step === 'change' ? save.change[index]?.publicId : save.remove[index];
  return properties.find((p) => p.publicId === publicId)?.key;
}
