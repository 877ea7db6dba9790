import { isIP } from 'node:net';
import path from 'node:path';
import { getDomain } from 'tldts';

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * Where users reach this instance (PUBLIC_URL, no trailing slash; default http://localhost:PORT).
   * Every absolute link (e-mails, discovery, enrolment, relay) is built from it, never from Host.
   */
  publicUrl: string;
  /**
   * Further Host names this instance answers to besides PUBLIC_URL's (ALLOWED_HOSTS, comma
   * separated): `name` (any port), `name:port`, or `*.domain` for every sub-domain. Requests for
   * other hosts get 421 (http/host-check.ts). Branding hosts and the web-access domain join here.
   */
  allowedHosts: string[];
  /**
   * The domain under which each web access session gets its own host name,
   * `<session>.<WEB_ACCESS_DOMAIN>` (WEB_ACCESS_DOMAIN, default `localhost`, whose sub-domains
   * browsers resolve to loopback). In production a wildcard DNS name and certificate; the scheme
   * and port are PUBLIC_URL's. It must not be PUBLIC_URL's own host or a parent of it: device
   * pages would then share cookies with the portal.
   */
  webAccessDomain: string;
  /** Outbound connections made for users may reach loopback, private and link-local addresses. */
  outboundAllowPrivate: boolean;
  /**
   * WEBHOOKS_ALLOW_HTTP_LOOPBACK: webhooks may target `http://` on loopback (development and
   * tests); otherwise only `https://` targets are accepted.
   */
  webhooksAllowHttpLoopback: boolean;
  /** Timeouts and per-address connection cap that keep slow clients from exhausting the server. */
  connectionLimits: ConnectionLimits;
  webDist: string | undefined;
  logLevel: string;
  /** `pretty`: one readable line per entry (the default on a terminal); `json`: pino's JSON lines. */
  logFormat: LogFormat;
  /**
   * Which peers may tell the client address with X-Forwarded-For: their addresses or CIDRs;
   * false trusts none. Never every peer, or any client could choose its address.
   */
  trustProxy: TrustProxy;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** SMTP server for invitation e-mails (smtp://user:pass@host:port); without it mails go to the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where e-mails are written when no SMTP server is configured: one .eml file per mail. */
  outboxDir: string;
  /**
   * The help centre shown in the help panel's frame (an absolute http(s) URL on another origin
   * than PUBLIC_URL); no help button without it. The CSP's frame-src admits exactly its origin.
   */
  helpCentreUrl: string | undefined;
  /** The provider's cloud domain: the status-page link shows only on hosts ending with it. */
  cloudDomain: string | undefined;
  statusPageUrl: string | undefined;
  /** The connector's package.json and releases.json: its latest version and release notes. */
  connectorDir: string;
  /** Directory of the connector bundles served under /downloads/connector/ (`npm run build` fills it). */
  connectorDownloadsDir: string;
  /**
   * Markdown files with the instance's own terms of use and privacy statement (TERMS_OF_USE_FILE,
   * PRIVACY_STATEMENT_FILE), shown on hosts no company or sector claims; built-in texts without them.
   */
  termsOfUseFile: string | undefined;
  privacyStatementFile: string | undefined;
  /**
   * Where errors are reported (SENTRY_DSN, a Sentry DSN `https://<key>@<host>/<project>`): the
   * server's unhandled errors and, handed out through ClientConfig, the web app's. Without it
   * no error-reporting code is loaded and nothing is sent.
   */
  sentryDsn: string | undefined;
  /**
   * METRICS_TOKEN: the bearer token Prometheus sends to read `/metrics` (at least 16 characters).
   * Without it `/metrics` answers 404 and no metrics are kept.
   */
  metricsToken: string | undefined;
  /**
   * This process as a relay (issue 18): SERVER_NAME (default `<host name>-<port>`), SERVER_LOCATION,
   * and INTERNAL_URL, where the other server processes reach it (default: its listen address).
   */
  relayProcess: { name: string | undefined; location: string; internalUrl: string | undefined };
};

export type ConnectionLimits = {
  /** Time to receive a request's headers. */
  headersTimeoutMs: number;
  /** Time to receive a whole request, headers and body. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open after a response. */
  keepAliveTimeoutMs: number;
  /** A socket without any traffic either way for this long is closed (SSE beats every 25 s). */
  connectionTimeoutMs: number;
  /** Open connections per client address; extras are closed at once. 0: no cap. */
  maxConnectionsPerAddress: number;
};

export type TrustProxy = false | string[];

export type LogFormat = 'json' | 'pretty';

// proxy-addr's (Fastify's) names for the loopback, link-local and private ranges.
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: comma-separated proxy addresses or CIDRs (`10.0.0.5, 10.1.0.0/16, loopback`).
 * `true` or `*` (trust whoever connects) is refused: a client could then set its own address
 * and escape every per-address limit. So is a hop count: it cannot tell a proxy from a client
 * that reaches the server directly (Fastify itself now ignores one).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true' || text === '*')
    throw new Error(
      `TRUST_PROXY=${text} would let any client choose its own address through X-Forwarded-For; ` +
        'list the proxy addresses or CIDRs instead (TRUST_PROXY=10.0.0.5,10.1.0.0/16)',
    );
  if (/^\d+$/.test(text))
    throw new Error(
      `TRUST_PROXY=${text}: a hop count cannot tell a proxy from a client that connects directly; ` +
        'list the proxy addresses or CIDRs instead (TRUST_PROXY=10.0.0.5,10.1.0.0/16)',
    );
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.find((entry) => !namedRanges.has(entry) && !isAddressOrCidr(entry));
  if (invalid !== undefined) throw new Error(`TRUST_PROXY: "${invalid}" is not an IP address or a CIDR`);
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Reads the configuration from the environment; every value has a sensible default.
 * `terminal`: whether the log goes to a terminal (readable lines) or elsewhere (JSON).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  terminal = process.stdout.isTTY === true,
): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port: ${env.PORT}`);
  const publicUrl = publicUrlOf(env.PUBLIC_URL, port);
  return {
    port,
    // Only this computer can reach a server started without HOST; exposing it is a decision.
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    publicUrl,
    allowedHosts: listOf(env.ALLOWED_HOSTS).map((host) => host.toLowerCase()),
    webAccessDomain: webAccessDomainOf(env.WEB_ACCESS_DOMAIN, publicUrl),
    outboundAllowPrivate: env.OUTBOUND_ALLOW_PRIVATE === 'true',
    webhooksAllowHttpLoopback: env.WEBHOOKS_ALLOW_HTTP_LOOPBACK === 'true',
    connectionLimits: {
      headersTimeoutMs: seconds(env, 'HEADERS_TIMEOUT_SECONDS', 30),
      requestTimeoutMs: seconds(env, 'REQUEST_TIMEOUT_SECONDS', 60),
      keepAliveTimeoutMs: seconds(env, 'KEEP_ALIVE_TIMEOUT_SECONDS', 10),
      connectionTimeoutMs: seconds(env, 'CONNECTION_TIMEOUT_SECONDS', 60),
      maxConnectionsPerAddress: count(env, 'MAX_CONNECTIONS_PER_ADDRESS', 100),
    },
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormatOf(env.LOG_FORMAT, terminal),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    adminEmail: env.FLEETGATE_ADMIN_EMAIL || undefined,
    adminPassword: env.FLEETGATE_ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Fleetgate <no-reply@fleetgate.invalid>',
    outboxDir: path.resolve(env.OUTBOX_DIR ?? path.join(env.DATA_DIR ?? './data', 'outbox')),
    helpCentreUrl: helpCentreUrlOf(env.HELP_CENTRE_URL, publicUrl),
    cloudDomain: env.CLOUD_DOMAIN || undefined,
    statusPageUrl: env.STATUS_PAGE_URL || undefined,
    connectorDir: path.resolve(import.meta.dirname, '../../connector'),
    connectorDownloadsDir: path.resolve(
      env.CONNECTOR_DOWNLOADS_DIR || path.join(import.meta.dirname, '../../connector/dist'),
    ),
    termsOfUseFile: env.TERMS_OF_USE_FILE ? path.resolve(env.TERMS_OF_USE_FILE) : undefined,
    privacyStatementFile: env.PRIVACY_STATEMENT_FILE ? path.resolve(env.PRIVACY_STATEMENT_FILE) : undefined,
    sentryDsn: sentryDsnOf(env.SENTRY_DSN),
    metricsToken: metricsTokenOf(env.METRICS_TOKEN),
    relayProcess: {
      name: env.SERVER_NAME?.trim() || undefined,
      location: env.SERVER_LOCATION?.trim() || 'local',
      internalUrl: internalUrlOf(env.INTERNAL_URL),
    },
  };
}

function internalUrlOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash)
    throw new Error(`INTERNAL_URL is not an http(s) address: ${value}`);
  return value.replace(/\/+$/, '');
}

function logFormatOf(value: string | undefined, terminal: boolean): LogFormat {
  if (!value) return terminal ? 'pretty' : 'json';
  if (value === 'json' || value === 'pretty') return value;
  throw new Error(`LOG_FORMAT is json or pretty, not ${value}`);
}

function publicUrlOf(value: string | undefined, port: number): string {
  if (!value) return `http://localhost:${port}`;
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash)
    throw new Error(`PUBLIC_URL is not an http(s) address: ${value}`);
  return value.replace(/\/+$/, '');
}

/**
 * WEB_ACCESS_DOMAIN: a DNS name (no scheme, port or wildcard). Session hosts are its direct
 * sub-domains, so PUBLIC_URL's host may not be below it (it may be the domain itself, as in the
 * local default `localhost`): a device page could otherwise set cookies that the portal's host
 * receives.
 */
export function webAccessDomainOf(value: string | undefined, publicUrl: string): string {
  const domain = (value?.trim() || 'localhost').toLowerCase().replace(/\.$/, '');
  if (
    !/^(?=.{1,200}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(domain)
  )
    throw new Error(`WEB_ACCESS_DOMAIN is not a DNS name: ${value}`);
  if (/^[0-9.]+$/.test(domain)) throw new Error(`WEB_ACCESS_DOMAIN must be a name, not an address: ${value}`);
  const publicHost = new URL(publicUrl).hostname.toLowerCase();
  if (publicHost.endsWith(`.${domain}`))
    throw new Error(
      `WEB_ACCESS_DOMAIN (${domain}) must not contain PUBLIC_URL's host (${publicHost}): ` +
        'device pages on its sub-domains could set cookies for the portal',
    );
  return domain;
}

/**
 * The startup warning when WEB_ACCESS_DOMAIN's session hosts share PUBLIC_URL's registrable
 * domain (`fleet.example.com` and `web.example.com`): a device page can then set cookies for
 * that domain, which the portal and every session host receive, and fill the browser's Cookie
 * header for all of them. Allowed (an operator may have no other domain), but said loudly.
 * Registrable domains as browsers see them: the public suffix list, private entries included.
 */
export function webAccessDomainWarning(publicUrl: string, domain: string): string | undefined {
  const publicHost = new URL(publicUrl).hostname.toLowerCase();
  const options = { allowPrivateDomains: true };
  const portalSite = getDomain(publicHost, options);
  const sessionSite = getDomain(`${'0'.repeat(32)}.${domain}`, options);
  if (!portalSite || portalSite !== sessionSite) return undefined;
  return (
    `WEB_ACCESS_DOMAIN (${domain}) shares the registrable domain ${portalSite} with PUBLIC_URL's host ` +
    `(${publicHost}): device pages can set cookies for ${portalSite} that the portal and every ` +
    'session host receive. Give web access a domain of its own, e.g. PUBLIC_URL=https://fleet.example.com ' +
    'with WEB_ACCESS_DOMAIN=example-devices.net (see README, Web access).'
  );
}

/**
 * HELP_CENTRE_URL: shown in a frame that may run scripts as its own origin, so it must be an
 * absolute http(s) address without credentials, and not on this instance's origin (a page there
 * could lift the frame's sandbox and read the session).
 */
export function helpCentreUrlOf(value: string | undefined, publicUrl: string): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const url = URL.parse(text);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
    throw new Error(`HELP_CENTRE_URL is not an absolute http(s) address: ${value}`);
  if (url.username || url.password)
    throw new Error(
      "HELP_CENTRE_URL must not contain a user name or password: every user's browser would see them",
    );
  if (url.origin === new URL(publicUrl).origin)
    throw new Error(
      `HELP_CENTRE_URL must be on another origin than PUBLIC_URL (${url.origin}): ` +
        "the help centre runs in a frame with scripts and must not share the app's origin",
    );
  return url.href;
}

/**
 * SENTRY_DSN: checked at start, as the SDKs silently send nothing with a DSN they cannot parse.
 * Its key is public by design (every browser receives it); a secret part is refused for that reason.
 */
export function sentryDsnOf(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const url = URL.parse(text);
  const project = url?.pathname.split('/').pop() ?? '';
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    !url.username ||
    !/^\d+$/.test(project)
  )
    throw new Error('SENTRY_DSN is not a Sentry DSN (https://<key>@<host>/<project>)');
  if (url.password)
    throw new Error("SENTRY_DSN must not contain a secret key: every user's browser receives the DSN");
  return text;
}

/** A short token could be guessed by anyone who can reach /metrics, which needs no other sign-in. */
export function metricsTokenOf(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  if (text.length < 16 || /\s/.test(text))
    throw new Error('METRICS_TOKEN must be at least 16 characters without spaces (openssl rand -hex 32)');
  return text;
}

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} is not a whole number: ${env[name]}`);
  return value;
}

/** Timeouts cannot be switched off: a server without them is what slow clients exhaust. */
function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = count(env, name, fallback);
  if (value === 0) throw new Error(`${name} must be at least 1`);
  return value * 1000;
}
