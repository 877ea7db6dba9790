import type { IncomingMessage, Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { errorMessages } from '@fleetgate/contracts';
import type { Config } from '../config.ts';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers whatever Host is asked for: load balancers and Prometheus call health and
     * metrics by address. Only for routes that show nothing private without their own token.
     */
    anyHost?: boolean;
  }
}

/** What decides which Host headers this instance serves. */
export type HostRules = {
  publicUrl: string;
  allowedHosts: readonly string[];
  /** The port the server actually listens on (known once it listens). */
  listenPort: number | undefined;
  /** Host names that brandings claim (lower-case, no port), served on PUBLIC_URL's or the listen port. */
  brandingHosts?: { has(name: string): boolean } | undefined;
};

type HostPort = { name: string; port: number | undefined };

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a request's `Host` names this instance: PUBLIC_URL's host and port, a branding's
 * fqdn (on PUBLIC_URL's port or the listen port), an allowed host,
 * or, when PUBLIC_URL itself is a loopback address (local demo, tests), the loopback names on the
 * port the server listens on. Anything else is a misdirected request: DNS rebinding, a proxy
 * passing foreign hosts, or a client that would cache pages under a name we do not own.
 */
export function isServedHost(host: string | undefined, rules: HostRules): boolean {
  const { defaultPort, publicName, publicPort } = publicOrigin(rules.publicUrl);
  const requested = parseHost(host);
  if (!requested) return false;
  const port = requested.port ?? defaultPort;
  if (requested.name === publicName && port === publicPort) return true;
  if ((port === publicPort || port === rules.listenPort) && rules.brandingHosts?.has(requested.name))
    return true;
  if (loopbackNames.has(publicName) && loopbackNames.has(requested.name) && port === rules.listenPort)
    return true;
  return rules.allowedHosts.some((pattern) => matches(pattern, requested.name, port));
}

type PublicOrigin = { defaultPort: number; publicName: string; publicPort: number };
let lastPublicOrigin: { url: string; origin: PublicOrigin } | undefined;

/** PUBLIC_URL's parts, parsed again only when it changes (it is read per request, see hostCheck). */
function publicOrigin(url: string): PublicOrigin {
  if (lastPublicOrigin?.url === url) return lastPublicOrigin.origin;
  const parsed = new URL(url);
  const defaultPort = parsed.protocol === 'https:' ? 443 : 80;
  const origin = {
    defaultPort,
    publicName: normalizeName(parsed.hostname),
    publicPort: Number(parsed.port || defaultPort),
  };
  lastPublicOrigin = { url, origin };
  return origin;
}

/** Rejects requests for hosts this instance does not serve, on every route, with 421. */
export function registerHostCheck(
  app: FastifyInstance,
  config: Config,
  brandingHosts?: HostRules['brandingHosts'],
) {
  const servesHost = hostCheck(config, app.server, brandingHosts);
  // Callback-style hooks here and in http/hooks.ts: no promise per request for work that never waits.
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.routeOptions.config.anyHost === true || servesHost(request.raw) ? undefined : misdirected());
  });
}

/** The same check for code that sees raw requests (WebSocket upgrades). */
export function hostCheck(config: Config, server: Server, brandingHosts?: HostRules['brandingHosts']) {
  return (request: IncomingMessage) =>
    isServedHost(request.headers.host, {
      // Read per request: tests learn their public URL only once the server listens.
      publicUrl: config.publicUrl,
      allowedHosts: config.allowedHosts,
      listenPort: listenPortOf(server),
      brandingHosts,
    });
}

/**
 * The origin links to this instance take for a browser on `host`: the host itself when it is a
 * branding's fqdn (with PUBLIC_URL's scheme and the port the browser used), else PUBLIC_URL.
 * Never an unregistered Host. E-mails and other links not read on a page keep PUBLIC_URL.
 */
export function siteOrigin(
  host: string | undefined,
  publicUrl: string,
  brandingHosts: HostRules['brandingHosts'],
): string {
  const requested = parseHost(host);
  if (!requested || !brandingHosts?.has(requested.name)) return publicUrl;
  const scheme = new URL(publicUrl).protocol;
  return `${scheme}//${requested.name}${requested.port === undefined ? '' : `:${requested.port}`}`;
}

export const misdirected = () =>
  new ApiError(421, [{ message: errorMessages.misdirected, propertyName: 'Host' }]);

const listenPorts = new WeakMap<Server, number>();

/** Remembered once the server listens: a listening server keeps its port, and this runs per request. */
function listenPortOf(server: Server): number | undefined {
  const known = listenPorts.get(server);
  if (known !== undefined) return known;
  const address = server.address();
  if (address === null || typeof address !== 'object') return undefined;
  listenPorts.set(server, address.port);
  return address.port;
}

function parseHost(host: string | undefined): HostPort | undefined {
  if (!host) return undefined;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  if (!match) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && port > 65535) return undefined;
  return { name: normalizeName(match[1]!), port };
}

/** Host names compare case-insensitively and without the root label's trailing dot. */
const normalizeName = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** `name`, `name:port`, `*.domain` or `*.domain:port`; a pattern without port allows any port. */
function matches(pattern: string, name: string, port: number): boolean {
  const parsed = parseHost(pattern);
  if (!parsed) return false;
  if (parsed.port !== undefined && parsed.port !== port) return false;
  if (parsed.name.startsWith('*.')) return name.endsWith(parsed.name.slice(1));
  return parsed.name === name;
}
