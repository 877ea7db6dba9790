import type { ApiErrorItem } from '@fleetgate/contracts';

/** A failed API call: `status` 0 means the server could not be reached at all. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];
  /** A 429's Retry-After in seconds, when the server said how long to wait. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, errors: ApiErrorItem[], retryAfterSeconds?: number) {
    super(errors[0]?.message ?? `API call failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  hasMessage(message: string): boolean {
    return this.errors.some((error) => error.message === message);
  }

  get isUnavailable(): boolean {
    return this.status === 0 || this.status >= 500;
  }

  /** A 504: the gateway gave up waiting; unlike other outages the user stays where they are. */
  get isGatewayTimeout(): boolean {
    return this.status === 504;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
