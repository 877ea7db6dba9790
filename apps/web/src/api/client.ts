import { apiVersion, errorMessages, type ApiSuccess } from '@fleetgate/contracts';
import { getCompanyId, getSession } from '../auth/session.ts';
import { ApiError } from './api-error.ts';
import { findEntry } from './discovery.ts';
import { readEnvelope } from './envelope.ts';
import { getFailureHandlers, type SignInBlockedBy } from './failure-handlers.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type QueryValue = string | number | boolean | undefined | readonly string[];

export type RequestOptions = {
  method?: HttpMethod;
  /** Values for `{placeholder}` segments of the discovered href, e.g. `{ publicId }`. */
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** `false` for resources outside any company (the user's companies, tokens, registration). */
  companyScoped?: boolean;
  /**
   * The company the call acts in, when the caller is keyed on one (MyUser, the live events);
   * otherwise the company the user selected.
   */
  companyId?: string;
  /** `false` where a 401 is an answer rather than a lost session (logging in). Default `true`. */
  redirectOnUnauthorized?: boolean;
  /**
   * `false` where an outage must not leave the current page or show a message (logging out,
   * the error pages themselves). Default `true`.
   */
  redirectOnUnavailable?: boolean;
};

function fillPlaceholders(href: string, rel: string, params: Record<string, string>): string {
  return href.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) {
      throw new Error(`Missing {${name}} for ${rel}`);
    }
    return encodeURIComponent(value);
  });
}

function buildUrl(href: string, query: Record<string, QueryValue> | undefined): URL {
  const url = new URL(href, window.location.origin);
  // The server (or the Vite dev server, which proxies /api) serves this app on each of the
  // instance's host names; calls stay on the page's origin instead of going to PUBLIC_URL's.
  const target = new URL(url.pathname + url.search, window.location.origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    const values = typeof value === 'object' ? value : [String(value)];
    for (const item of values) target.searchParams.append(name, item);
  }
  return target;
}

/**
 * The Api-Company of a call. The server has no default company, so this is always one the user
 * chose from their companies (or none, and a company route answers 400).
 */
export function companyOf(
  options: Pick<RequestOptions, 'companyScoped' | 'companyId'>,
  selected: string | null,
): string | null {
  if (options.companyScoped === false) return null;
  return options.companyId ?? selected;
}

function buildHeaders(options: RequestOptions): Headers {
  const headers = new Headers({ 'Api-Version': apiVersion, Accept: 'application/json' });
  const session = getSession();
  if (session) headers.set('Authorization', `Bearer ${session.secretId}`);
  const companyId = companyOf(options, getCompanyId());
  if (companyId) headers.set('Api-Company', companyId);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
}

async function send<T>(rel: string, options: RequestOptions): Promise<ApiSuccess<T>> {
  const entry = await findEntry(rel);
  const url = buildUrl(fillPlaceholders(entry.href, rel, options.params ?? {}), options.query);
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: buildHeaders(options),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, []);
  }
  return readEnvelope<T>(response);
}

/** Which sign-in rule of the company a 403 names, if any. */
function signInBlockOf(error: ApiError): SignInBlockedBy | undefined {
  if (error.hasMessage(errorMessages.twoFactorRequired)) return 'twoFactor';
  if (error.hasMessage(errorMessages.ssoRequired)) return 'sso';
  return undefined;
}

/** Calls the resource named `rel` in discovery and returns the whole success envelope. */
export async function apiRequest<T>(rel: string, options: RequestOptions = {}): Promise<ApiSuccess<T>> {
  try {
    return await send<T>(rel, options);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 401 && options.redirectOnUnauthorized !== false) {
        getFailureHandlers().onUnauthorized();
      } else if (error.status === 403 && signInBlockOf(error)) {
        getFailureHandlers().onSignInBlocked(signInBlockOf(error)!);
      } else if (error.isUnavailable && options.redirectOnUnavailable !== false) {
        if (error.isGatewayTimeout) getFailureHandlers().onGatewayTimeout();
        else getFailureHandlers().onUnavailable(error.status);
      }
    }
    throw error;
  }
}

/** Opens a streamed GET (the live events) in a company with the same headers as any call; the caller reads the body. */
export async function openApiStream(rel: string, companyId: string, signal: AbortSignal): Promise<Response> {
  const entry = await findEntry(rel);
  const headers = buildHeaders({ companyId });
  headers.set('Accept', 'text/event-stream');
  return fetch(buildUrl(entry.href, undefined), { headers, signal });
}

/** Calls the resource named `rel` and returns only its `data`. */
export async function apiData<T>(rel: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(rel, options)).data;
}

/**
 * Calls a GET resource that answers with a file (a CSV download) with the same headers as any
 * call; errors come back in the envelope and are thrown as ApiError.
 */
export async function apiDownload(rel: string, options: RequestOptions = {}): Promise<Blob> {
  const entry = await findEntry(rel);
  const url = buildUrl(fillPlaceholders(entry.href, rel, options.params ?? {}), options.query);
  const headers = buildHeaders(options);
  headers.set('Accept', '*/*');
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    throw new ApiError(0, []);
  }
  if (!response.ok) await readEnvelope(response);
  return response.blob();
}
