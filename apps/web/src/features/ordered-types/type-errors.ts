import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { groupsAndAssetsErrors } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { describeError, translateApiMessage } from '../../api/error-text.ts';

type OwnMessage = (typeof groupsAndAssetsErrors)[keyof typeof groupsAndAssetsErrors];
const ownMessages = new Set<string>(Object.values(groupsAndAssetsErrors));

function isOwnMessage(message: string): message is OwnMessage {
  return ownMessages.has(message);
}

/** One server message in words: this area's own stable messages first, then the shared ones. */
export function translateTypeMessage(t: TFunction, message: string): string {
  return isOwnMessage(message) ? t(`groups.types.errors.${message}`) : translateApiMessage(t, message);
}

/** One sentence for any failed call of this area. */
export function describeTypeError(t: TFunction, error: unknown): string {
  const first = error instanceof ApiError && error.status !== 429 ? error.errors[0]?.message : undefined;
  return first === undefined ? describeError(t, error) : translateTypeMessage(t, first);
}

/**
 * Puts each server error on the form field named by its propertyName (mapped, since the server
 * names references like `groupType.publicId`); the rest becomes the form-level error.
 */
export function applyTypeErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  t: TFunction,
  fieldOf: Partial<Record<string, Path<T>>>,
): void {
  const unclaimed: string[] = [];
  if (error instanceof ApiError && error.status !== 429 && error.errors.length > 0) {
    for (const item of error.errors) {
      const field = item.propertyName === undefined ? undefined : fieldOf[item.propertyName];
      const message = translateTypeMessage(t, item.message);
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
