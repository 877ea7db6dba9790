import type { TFunction } from 'i18next';
import { backendComponentErrors } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { describeError } from '../../api/error-text.ts';

type ErrorName = keyof typeof backendComponentErrors;

const nameByMessage = new Map<string, ErrorName>(
  (Object.keys(backendComponentErrors) as ErrorName[]).map((name) => [backendComponentErrors[name], name]),
);

/** The server's backend component messages in the user's words; other errors are left as they are. */
export function localizeBackendComponentError(error: unknown, t: TFunction): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(
    error.status,
    error.errors.map((item) => {
      const name = nameByMessage.get(item.message);
      return name ? { ...item, message: t(`backendComponents.errors.${name}`) } : item;
    }),
    error.retryAfterSeconds,
  );
}

/** One sentence for a failed backend component call. */
export function describeBackendComponentError(t: TFunction, error: unknown): string {
  return describeError(t, localizeBackendComponentError(error, t));
}

/** The company lacks the Backend components app: told in a snack-bar, not on a form field. */
export function isNotProvisioned(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.errors.some((item) => item.message === backendComponentErrors.notProvisioned)
  );
}
