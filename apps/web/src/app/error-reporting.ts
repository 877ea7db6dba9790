import type { QueryClient } from '@tanstack/react-query';
import { clientConfigQuery } from '../components/use-client-config.ts';

/** Errors from before the SDK has loaded that are handed to it once it has. */
const earlyLimit = 30;
const early: unknown[] = [];
let capture: ((error: unknown) => void) | undefined;
let listening = false;

function remember(error: unknown) {
  if (listening && early.length < earlyLimit) early.push(error);
}
const onError = (event: ErrorEvent) => remember(event.error ?? event.message);
const onRejection = (event: PromiseRejectionEvent) => remember(event.reason);

function stopListening() {
  listening = false;
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
}

/**
 * Reports an error the app caught itself (the router's error page); uncaught errors and
 * rejections reach the SDK's own global handlers. A no-op when the server has no DSN.
 */
export function reportError(error: unknown): void {
  if (capture) capture(error);
  else remember(error);
}

/**
 * Asks the server for its error-reporting DSN and, only when there is one, loads the Sentry SDK
 * (a chunk of its own, so the first load carries none of it). Until then, errors are kept so a
 * failure during start-up is reported too.
 */
export function startErrorReporting(queryClient: QueryClient): void {
  listening = true;
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  queryClient
    .fetchQuery(clientConfigQuery)
    .then(async ({ sentryDsn }) => {
      if (!sentryDsn) return;
      const { initSentry } = await import('./sentry.ts');
      capture = initSentry(sentryDsn);
      const pending = early.splice(0);
      stopListening();
      for (const error of pending) capture(error);
    })
    // No configuration (the API is down) or no SDK (offline): the app works on without reporting.
    .catch(() => {})
    .finally(() => {
      stopListening();
      early.length = 0;
    });
}
