import { errorMessages } from '@fleetgate/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from './api-error.ts';

type MessageKey = keyof typeof errorMessages;

const keyByMessage = new Map<string, MessageKey>(
  Object.entries(errorMessages).map(([key, message]) => [message, key as MessageKey]),
);

/** The server's stable messages are translated; unknown ones are shown as sent. */
export function translateApiMessage(t: TFunction, message: string): string {
  const key = keyByMessage.get(message);
  return key ? t(`apiErrors.${key}`) : message;
}

/** One sentence for the user describing any failed call. */
export function describeError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return t('apiErrors.rateLimited');
    const first = error.errors[0];
    if (first) return translateApiMessage(t, first.message);
  }
  return t('errors.unexpected');
}
