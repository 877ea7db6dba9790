import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyApiErrors } from './apply-api-errors.ts';
import type { FormDialogState } from './FormDialog.tsx';

type DialogFormOptions<T extends FieldValues> = {
  schema: z.ZodType<T, T>;
  defaultValues: DefaultValues<T>;
  /** Fields the server may name in an error; whatever none claims goes to the form-level alert. */
  errorFields: readonly Path<T>[];
  /** The feature's own server messages in the user's words, before they are put on fields. */
  localizeError?: (error: unknown, t: TFunction) => unknown;
  /** Rejects with the ApiError of a failed attempt. */
  onSubmit: (values: T) => Promise<void>;
};

/**
 * The form behind a `FormDialog`: checked on every change and blur, so the submit button is
 * enabled only when it can succeed, and a rejected save puts the server's errors on the fields.
 */
export function useDialogForm<T extends FieldValues>({
  schema,
  defaultValues,
  errorFields,
  localizeError,
  onSubmit,
}: DialogFormOptions<T>) {
  const { t } = useTranslation();
  const form = useForm<T>({ mode: 'all', resolver: zodResolver(schema), defaultValues });
  const { errors, isDirty, isValid, isSubmitting } = form.formState;

  const handleValid = async (values: T) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const localized = localizeError ? localizeError(error, t) : error;
      applyApiErrors(localized, form.setError, t, { fields: errorFields });
    }
  };

  const frame: FormDialogState = {
    onSubmit: form.handleSubmit(handleValid),
    serverError: errors.root?.server?.message,
    busy: isSubmitting,
    canSubmit: isDirty && isValid,
  };
  return { form, frame };
}
