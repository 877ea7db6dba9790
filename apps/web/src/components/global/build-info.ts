// Replaced by Vite at build time (vite.config.ts); absent when running tests or the dev server.
declare const __FLEETGATE_VERSION__: string | undefined;

declare global {
  interface Window {
    /** Tests shorten the version check with this; production uses the 15-minute default. */
    __FLEETGATE_VERSION_CHECK_MS__?: number;
  }
}

/** The version of the running build, the same string the build wrote to /info.json. */
export const runningVersion: string | null =
  typeof __FLEETGATE_VERSION__ === 'string' ? __FLEETGATE_VERSION__ : null;

/** Every 15 minutes (portal spec §9). */
export const versionCheckDefaultMs = 900_000;

export function versionCheckIntervalMs(): number {
  const override = window.__FLEETGATE_VERSION_CHECK_MS__;
  return typeof override === 'number' && override > 0 ? override : versionCheckDefaultMs;
}

/** The version /info.json announces, or null when it cannot be read. */
export async function fetchPublishedVersion(): Promise<string | null> {
  try {
    const response = await fetch('/info.json', {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const info = (await response.json()) as unknown;
    const version =
      typeof info === 'object' && info !== null ? (info as { version?: unknown }).version : null;
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}
