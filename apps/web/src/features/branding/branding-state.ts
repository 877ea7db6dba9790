import { useSyncExternalStore } from 'react';
import { apiVersion, type Branding } from '@fleetgate/contracts';
import { findEntry } from '../../api/discovery.ts';

/**
 * The branding the app shows: the selected company's (its own, its parent's or its sector's)
 * while signed in, otherwise the one of the host name the app is served on, otherwise
 * Fleetgate's own. This module is in the entry chunk, so it stays small: the login page's
 * JavaScript budget is 200 KB.
 */
type BrandingState = {
  host: Branding | null;
  /** The host lookup answered, failed or took too long: the first page may render. */
  hostSettled: boolean;
  company: Branding | null;
};

/**
 * The contract's `brandingHostHeader`, written out: importing that value would bring the
 * contract's zod schemas, and zod, into the login page's code (branding-state.test checks both agree).
 */
export const hostHeader = 'Api-Branding';

/** How long the first paint waits for the host's branding before showing the default look. */
export const hostBrandingWaitMs = 1500;

let state: BrandingState = { host: null, hostSettled: false, company: null };
const listeners = new Set<() => void>();

function update(changes: Partial<BrandingState>): void {
  state = { ...state, ...changes };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function isBranding(value: unknown): value is Branding {
  return typeof value === 'object' && value !== null && typeof (value as Branding).publicId === 'string';
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * `GET BrandingList` for this page's host name: the branding whose fqdn it is, or null. A 404
 * (no company claims the host, or it is a blocked one) or any failure means the default look,
 * silently: the login page must show whatever happens here.
 */
export async function fetchHostBranding(hostname: string, signal?: AbortSignal): Promise<Branding | null> {
  // Loopback names are on the server's blocklist: asking would only log a 404 in the console.
  if (loopbackHosts.has(hostname.toLowerCase())) return null;
  try {
    const entry = await findEntry('BrandingList');
    const url = new URL(entry.href, window.location.origin);
    const response = await fetch(url.pathname, {
      headers: { 'Api-Version': apiVersion, Accept: 'application/json', [hostHeader]: hostname },
      signal,
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: unknown };
    const first = Array.isArray(body.data) ? (body.data[0] as unknown) : undefined;
    return isBranding(first) ? first : null;
  } catch {
    return null;
  }
}

/** Looks up the host's branding once per page load; the first page waits at most `hostBrandingWaitMs`. */
export function startHostBrandingLookup(hostname = window.location.hostname): void {
  const timer = setTimeout(() => update({ hostSettled: true }), hostBrandingWaitMs);
  void fetchHostBranding(hostname).then((host) => {
    clearTimeout(timer);
    update({ host, hostSettled: true });
  });
}

/** The selected company's effective branding while signed in; null when it has none or on leaving. */
export function setCompanyBranding(company: Branding | null): void {
  if (company !== state.company) update({ company });
}

const getState = () => state;

export function useBrandingState(): BrandingState {
  return useSyncExternalStore(subscribe, getState);
}

/** The branding that applies now: the company's while signed in, else the host's. */
export function effectiveBrandingOf(current: BrandingState): Branding | null {
  return current.company ?? current.host;
}

export function useEffectiveBranding(): Branding | null {
  return effectiveBrandingOf(useBrandingState());
}

/** The logo for the theme's mode, the other one when only that exists. */
export function logoFor(branding: Pick<Branding, 'logoLight' | 'logoDark'> | null, mode: 'light' | 'dark') {
  if (!branding) return null;
  return mode === 'dark'
    ? (branding.logoDark ?? branding.logoLight)
    : (branding.logoLight ?? branding.logoDark);
}
