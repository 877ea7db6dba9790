import type { TFunction } from 'i18next';
import { dataLoggingErrors } from '@fleetgate/contracts';
import { ApiError } from '../../api/api-error.ts';
import { describeError } from '../../api/error-text.ts';

const keys = {
  loggingNotActive: 'dataLogging.errors.loggingNotActive',
  addressInvalid: 'dataLogging.errors.addressInvalid',
  dataSourceKindFields: 'dataLogging.errors.dataSourceKindFields',
  tagLimit: 'dataLogging.errors.tagLimit',
  dataSourceInUse: 'dataLogging.errors.dataSourceInUse',
} as const satisfies Record<keyof typeof dataLoggingErrors, string>;

const keyByMessage = new Map<string, (typeof keys)[keyof typeof keys]>(
  (Object.keys(keys) as (keyof typeof keys)[]).map((name) => [dataLoggingErrors[name], keys[name]]),
);

/** The server's data logging messages in the user's words; other errors are left as they are. */
export function localizeDataLoggingError(error: unknown, t: TFunction): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(
    error.status,
    error.errors.map((item) => {
      const key = keyByMessage.get(item.message);
      return key ? { ...item, message: t(key) } : item;
    }),
    error.retryAfterSeconds,
  );
}

/** One sentence for a failed data logging call (deleting, adding the simulator's tags). */
export function describeDataLoggingError(t: TFunction, error: unknown): string {
  return describeError(t, localizeDataLoggingError(error, t));
}
