import { z } from 'zod';
import type { TFunction } from 'i18next';
import {
  customFieldEntities,
  customFieldErrorMessages,
  customFieldKeyMaxLength,
  customFieldKeyPattern,
  customFieldOptionsMax,
  customFieldTypes,
  errorMessages,
  limits,
  type CustomField,
  type CustomFieldCreateInput,
  type CustomFieldPatchInput,
} from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { nameSchema } from '../../components/form/field-schemas.ts';

/** The options are edited as text, one per line. */
export function optionsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function customFieldFormSchema(t: TFunction) {
  return z
    .object({
      name: nameSchema(t),
      key: z
        .string()
        .trim()
        .min(1, t('form.required'))
        .max(customFieldKeyMaxLength, t('form.maxLength', { count: customFieldKeyMaxLength }))
        .regex(customFieldKeyPattern, t('customFields.validation.keyPattern')),
      entity: z.enum(customFieldEntities),
      type: z.enum(customFieldTypes),
      options: z.string(),
      required: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (values.type !== 'select') return;
      const options = optionsOf(values.options);
      const problem =
        options.length === 0
          ? t('customFields.validation.optionsRequired')
          : options.length > customFieldOptionsMax
            ? t('customFields.validation.optionsTooMany', { count: customFieldOptionsMax })
            : options.some((option) => option.length > limits.nameMaxLength)
              ? t('customFields.validation.optionTooLong', { count: limits.nameMaxLength })
              : new Set(options.map((o) => o.toLowerCase())).size !== options.length
                ? t('customFields.validation.optionDuplicate')
                : null;
      if (problem) ctx.addIssue({ code: 'custom', path: ['options'], message: problem });
    });
}

export type CustomFieldFormValues = z.infer<ReturnType<typeof customFieldFormSchema>>;

export function formValuesOf(
  field: CustomField | undefined,
  entity: CustomField['entity'],
): CustomFieldFormValues {
  return {
    name: field?.name ?? '',
    key: field?.key ?? '',
    entity: field?.entity ?? entity,
    type: field?.type ?? 'text',
    options: field?.options.join('\n') ?? '',
    required: field?.required ?? false,
  };
}

export function createInputOf(values: CustomFieldFormValues): CustomFieldCreateInput {
  return {
    name: values.name,
    key: values.key,
    entity: values.entity,
    type: values.type,
    options: values.type === 'select' ? optionsOf(values.options) : [],
    required: values.required,
  };
}

export function patchOf(values: CustomFieldFormValues): CustomFieldPatchInput {
  return {
    name: values.name,
    type: values.type,
    options: values.type === 'select' ? optionsOf(values.options) : [],
    required: values.required,
  };
}

/**
 * This feature's server messages in the user's words, with `options.3` reported on the options
 * field; the shared form helper then puts each on its field.
 */
export function localizeCustomFieldError(error: unknown, t: TFunction): unknown {
  if (!(error instanceof ApiError)) return error;
  const texts: Record<string, string> = {
    [customFieldErrorMessages.keyInUse]: t('customFields.validation.keyInUse'),
    [customFieldErrorMessages.optionsRequired]: t('customFields.validation.optionsRequired'),
    [customFieldErrorMessages.optionsNotAllowed]: t('customFields.validation.optionsNotAllowed'),
  };
  return new ApiError(
    error.status,
    error.errors.map((item) => {
      const onOption = item.propertyName?.startsWith('options.') ?? false;
      let message = texts[item.message] ?? item.message;
      if (item.propertyName === 'key' && item.message === 'Value does not match regex expression')
        message = t('customFields.validation.keyPattern');
      if (onOption && item.message === errorMessages.duplicate)
        message = t('customFields.validation.optionDuplicate');
      return { ...item, message, ...(onOption ? { propertyName: 'options' } : {}) };
    }),
  );
}
