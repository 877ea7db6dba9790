import { readFileSync } from 'node:fs';

const serverPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** What the 5xx handler knows about the failed request: the route's pattern, never its query or body. */
export type RequestContext = { method: string; route: string | undefined; requestId: string };

type Reporter = (error: unknown, context?: RequestContext) => void;

// Set only while a DSN is configured; without one, reporting is a no-op call.
let reporter: Reporter | undefined;

/** Reports an error the server could not handle (a 5xx answer) when SENTRY_DSN is set. */
export function reportError(error: unknown, context?: RequestContext): void {
  reporter?.(error, context);
}

/**
 * Starts `@sentry/node` when a DSN is set; without one its code is not even loaded. Only the
 * error integrations run: no tracing and no patching of http, fetch or the console, so requests
 * pay nothing for it. Uncaught exceptions and unhandled rejections are reported and still end
 * the process, as they do without Sentry (`mode: 'strict'`). Returns what flushes and stops it.
 */
export async function startErrorReporting(dsn: string | undefined): Promise<() => Promise<void>> {
  if (!dsn) return async () => {};
  const Sentry = await import('@sentry/node');
  Sentry.initWithoutDefaultIntegrations({
    dsn,
    release: `fleetgate-server@${serverPackage.version}`,
    environment: process.env.NODE_ENV || 'production',
    // Reports say what failed, not who asked: no user, cookies, headers, bodies or query strings.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    integrations: [
      Sentry.eventFiltersIntegration(),
      Sentry.functionToStringIntegration(),
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
      Sentry.onUncaughtExceptionIntegration(),
      Sentry.onUnhandledRejectionIntegration({ mode: 'strict' }),
      Sentry.contextLinesIntegration(),
      Sentry.nodeContextIntegration(),
    ],
  });
  reporter = (error, context) => {
    Sentry.captureException(error, {
      mechanism: { handled: false, type: 'auto.http.fastify.error_handler' },
      captureContext: context && {
        tags: { 'http.method': context.method, 'http.route': context.route ?? 'unknown' },
        extra: { requestId: context.requestId },
      },
    });
  };
  return async () => {
    reporter = undefined;
    await Sentry.close(2000);
  };
}
