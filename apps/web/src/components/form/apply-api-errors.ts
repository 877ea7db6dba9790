import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error.ts';
import { describeError, translateApiMessage } from '../../api/error-text.ts';

type ApplyOptions<T extends FieldValues> = {
  /** Fields the server may name in `propertyName`. */
  fields: readonly Path<T>[];
  /** Messages that belong to a field even though the server names none. */
  messageFields?: Partial<Record<string, Path<T>>>;
};

/**
 * Puts each server error on the form field it concerns; whatever no field claims becomes
 * the form-level error `root.server`.
 */
export function applyApiErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  t: TFunction,
  { fields, messageFields = {} }: ApplyOptions<T>,
): void {
  const unclaimed: string[] = [];
  if (error instanceof ApiError && error.status !== 429 && error.errors.length > 0) {
    for (const item of error.errors) {
      const field = fields.find((name) => name === item.propertyName) ?? messageFields[item.message];
      const message = translateApiMessage(t, item.message);
      if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
      else unclaimed.push(message);
    }
  } else {
    unclaimed.push(describeError(t, error));
  }
  if (unclaimed.length > 0) {
    setError('root.server', { type: 'server', message: [...new Set(unclaimed)].join(' ') });
  }
}
