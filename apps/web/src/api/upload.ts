import { apiVersion, type ApiErrorItem } from '@fleetgate/contracts';
import { getSession } from '../auth/session.ts';
import { ApiError } from './api-error.ts';
import { getFailureHandlers } from './failure-handlers.ts';

function errorsOf(text: string): ApiErrorItem[] {
  try {
    const body = JSON.parse(text) as { status?: string; data?: unknown };
    if (body.status === 'error' && Array.isArray(body.data)) return body.data as ApiErrorItem[];
  } catch {
    // Not the API's envelope (a proxy's page): the status says enough.
  }
  return [];
}

export type UploadRequest = {
  method: 'PUT' | 'POST';
  /** The discovered href, placeholders filled; the call stays on the page's origin. */
  href: string;
  query?: Record<string, string>;
  companyId: string;
  contentType: string;
  file: Blob;
  /** 0…1 as the bytes go out. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * Sends a file as the raw body and resolves with the answer's `data`. XMLHttpRequest, not fetch:
 * only it reports upload progress, which progress bars show (branding images, screensavers).
 */
export function uploadWithProgress<T>({
  method,
  href,
  query,
  companyId,
  contentType,
  file,
  onProgress,
  signal,
}: UploadRequest): Promise<T> {
  const url = new URL(href, window.location.origin);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  const session = getSession();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url.pathname + url.search);
    request.setRequestHeader('Api-Version', apiVersion);
    request.setRequestHeader('Api-Company', companyId);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', contentType);
    if (session) request.setRequestHeader('Authorization', `Bearer ${session.secretId}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve((JSON.parse(request.responseText) as { data: T }).data);
        } catch {
          reject(new ApiError(502, []));
        }
        return;
      }
      const error = new ApiError(request.status, errorsOf(request.responseText));
      if (error.status === 401) getFailureHandlers().onUnauthorized();
      reject(error);
    });
    request.addEventListener('error', () => reject(new ApiError(0, [])));
    request.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
