import * as Sentry from '@sentry/react';
import { runningVersion } from '../components/global/build-info.ts';

/*
 * The Sentry SDK with the console spec's settings (§8, §9). This module is loaded only when the
 * server hands out a DSN (app/error-reporting.ts), so installations without one never fetch it.
 */

type Transport = ReturnType<typeof Sentry.makeFetchTransport>;
type Envelope = Parameters<Transport['send']>[0];
type EnvelopeItem = Envelope[1][number];

/** Error reports waiting in IndexedDB while the browser is offline. */
const offlineQueueSize = 30;
/** Profiles sent per page session; the SDK samples every 10 ms for at most 30 s per profile. */
const maxStoredProfiles = 30;
/** A replay covers at most the last two minutes. */
const maxReplayDurationMs = 120_000;

/**
 * Noise the user cannot act on: the browser's ResizeObserver loop notice, and code chunks that
 * failed to load (offline, or a new build replaced them), which the app already answers with
 * its PartLoadFailed notice and a retry.
 */
const ignoredErrors = [
  /ResizeObserver loop/,
  /Failed to fetch dynamically imported module/,
  /error loading dynamically imported module/,
  /Importing a module script failed/,
  /Unable to preload CSS/,
  /ChunkLoadError/,
  /Loading (CSS )?chunk [\w-]+ failed/,
];

const isProfile = ([header]: EnvelopeItem) => header.type === 'profile' || header.type === 'profile_chunk';

/** Sends through `inner`, dropping profiles once `maxStoredProfiles` have gone out. */
function withProfileLimit(inner: Transport): Transport {
  let profiles = 0;
  return {
    send(envelope) {
      const [headers, items] = envelope;
      const kept = (items as EnvelopeItem[]).filter(
        (item) => !isProfile(item) || ++profiles <= maxStoredProfiles,
      );
      if (kept.length === 0) return Promise.resolve({});
      return inner.send(kept.length === items.length ? envelope : ([headers, kept] as Envelope));
    },
    flush: (timeout) => inner.flush(timeout),
  };
}

const makeOfflineTransport = Sentry.makeBrowserOfflineTransport(Sentry.makeFetchTransport);

/** Starts the SDK; returns what reports an error caught by the app itself (the router's error page). */
export function initSentry(dsn: string): (error: unknown) => void {
  Sentry.init({
    dsn,
    release: runningVersion ? `fleetgate-web@${runningVersion}` : undefined,
    environment: runningVersion ? 'production' : 'development',
    // Reports say what failed, not who used it: no user, cookies, headers, bodies or query strings.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    ignoreErrors: ignoredErrors,
    transport: (options) =>
      withProfileLimit(makeOfflineTransport({ ...options, maxQueueSize: offlineQueueSize })),
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.browserProfilingIntegration(),
      Sentry.replayIntegration({
        maskAllText: true,
        maskAllInputs: true,
        blockAllMedia: true,
        maxReplayDuration: maxReplayDurationMs,
      }),
    ],
    // Profiles run while a sampled page load or navigation is traced (the JS self-profiling API;
    // the server allows it with a Document-Policy header).
    tracesSampleRate: 0.1,
    profileLifecycle: 'trace',
    profileSessionSampleRate: 1,
    // The API does not continue browser traces: its calls go out without trace headers.
    tracePropagationTargets: [],
    // A replay only of what led to an error (the SDK buffers it), never of every visit.
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: 1,
  });
  return (error) => {
    Sentry.captureException(error, {
      mechanism: { handled: false, type: 'auto.function.react_router.error_element' },
    });
  };
}
