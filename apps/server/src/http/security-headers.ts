import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Where the web app may connect besides its own origin: the local connector (127.0.0.1:9250 for
 * users; tests run one on a free loopback port), over HTTP and its status WebSocket. Loopback
 * is no way out for injected code, so any port there is fine.
 */
const connectorSources = ['http://127.0.0.1:*', 'ws://127.0.0.1:*', 'http://localhost:*', 'ws://localhost:*'];
/** The connector's probe page, loaded in a hidden frame to find the connector without console noise. */
const connectorFrames = ['http://127.0.0.1:*', 'http://localhost:*'];

/**
 * Security headers on every response (API, web app, errors, 404s): registered first, so even
 * answers that hooks refuse early carry them. The web app's policy: scripts only from this
 * origin (Vite emits no inline script), styles also inline (emotion injects <style> tags),
 * no plugins, no framing of this app, frames only of itself, the connector's probe page and the
 * help centre, no foreign base URL or form target. HSTS only when PUBLIC_URL is https:
 * on plain HTTP it would lock browsers out of a local demo. With SENTRY_DSN the app may send
 * its error reports to the DSN's origin, and its pages allow the JS self-profiling API.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  helpCentreUrl?: string,
  sentryDsn?: string,
) {
  const https = new URL(publicUrl).protocol === 'https:';
  // The VNC viewer's WebSocket is built from PUBLIC_URL (links never come from Host), which on a
  // branding host or another loopback name is not 'self'.
  const relaySource = new URL(publicUrl).origin.replace(/^http/, 'ws');
  // The help panel frames the help centre: exactly its origin, nothing else of its host.
  const helpCentreFrames = helpCentreUrl ? [new URL(helpCentreUrl).origin] : [];
  // Error reports go to the DSN's origin only (the SDK posts to <origin>/api/<project>/envelope/).
  const errorReportSources = sentryDsn ? [new URL(sentryDsn).origin] : [];
  // helmet itself, built once: @fastify/helmet rebuilt the middleware (parsing every CSP
  // directive again) on each request, a measurable share of a small API answer (issue 18).
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'", relaySource, ...connectorSources, ...errorReportSources],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        frameSrc: ["'self'", ...connectorFrames, ...helpCentreFrames],
        // Company logos may be data: URLs or images on the company's own site.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    // frame-ancestors covers modern browsers; DENY covers the rest.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sub-domains (device web access) decide for themselves.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    applyHelmet(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  // Browser profiling uses the JS self-profiling API, which a page may use only when its document
  // says so; without a DSN nothing would profile, so pages do not opt in.
  if (sentryDsn) {
    app.addHook('onSend', async (_request, reply) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
        reply.header('document-policy', 'js-profiling');
    });
  }
  // API answers are per user, company, host or branding header: no shared cache may keep one
  // and hand it to someone else. Routes that are safe to cache (images, release documents) say so.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
