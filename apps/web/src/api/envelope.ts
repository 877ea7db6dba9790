import type { ApiErrorItem, ApiSuccess } from '@fleetgate/contracts';
import { ApiError } from './api-error.ts';

function isErrorList(value: unknown): value is ApiErrorItem[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && 'message' in item)
  );
}

/** Reads the `{type, status, data}` envelope, throwing an ApiError for anything but success. */
export async function readEnvelope<T>(response: Response): Promise<ApiSuccess<T>> {
  if (response.status === 204) {
    return { type: 'NoContent', status: 'success', data: undefined as T };
  }
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const envelope = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  if (response.ok && envelope?.status === 'success') {
    return envelope as ApiSuccess<T>;
  }
  const errors = envelope?.status === 'error' && isErrorList(envelope.data) ? envelope.data : [];
  throw new ApiError(response.ok ? 502 : response.status, errors, retryAfterSeconds(response.headers));
}

/** Retry-After as seconds (RFC 9110: a number of seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('Retry-After')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
