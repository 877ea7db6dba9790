import { temporaryAccessErrors, userErrorMessages } from '@fleetgate/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/api-error.ts';
import { describeError, translateApiMessage } from '../../api/error-text.ts';

type UserMessageKey = keyof typeof userErrorMessages | 'expiryNotInFuture' | 'ownExpiry';

const keyByMessage = new Map<string, UserMessageKey>([
  ...Object.entries(userErrorMessages).map(([key, message]): [string, UserMessageKey] => [
    message,
    key as UserMessageKey,
  ]),
  [temporaryAccessErrors.notInFuture, 'expiryNotInFuture'],
  [temporaryAccessErrors.ownExpiry, 'ownExpiry'],
]);

/** Translates a message of the users API, or any other stable server message. */
export function translateUserMessage(t: TFunction, message: string): string {
  const key = keyByMessage.get(message);
  return key ? t(`users.apiErrors.${key}`) : translateApiMessage(t, message);
}

/** The first error message of a failed call, translated when it is a known one. */
export function firstErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status !== 429 && error.errors[0]) {
    return translateUserMessage(t, error.errors[0].message);
  }
  return describeError(t, error);
}

/** The same failure with every message of the users API translated, for `applyApiErrors`. */
export function withTranslatedMessages(t: TFunction, error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(
    error.status,
    error.errors.map((item) => ({ ...item, message: translateUserMessage(t, item.message) })),
  );
}
