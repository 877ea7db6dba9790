import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { webAccessCookieName, webAccessSecureCookieName } from '@fleetgate/contracts';

/** Where a proxied request goes and where the browser thinks it is. */
export type ProxyOrigins = {
  /** The session's origin as the browser sees it (`http://<hostId>.localhost:8080`). */
  session: string;
  /** The device service's origin (`http://192.168.1.10:8080`). */
  device: string;
};

/** Headers of one connection, never passed on (RFC 9110 §7.6.1), plus what we set ourselves. */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The session cookie's name on a session origin: `__Host-` on https, where the browser enforces it. */
export const sessionCookieName = (secureOrigin: boolean) =>
  secureOrigin ? webAccessSecureCookieName : webAccessCookieName;

/** Every cookie this server sets on a session host starts so; device cookies may not. */
const ourCookie = (name: string) => {
  const lower = name.trim().toLowerCase();
  return [webAccessCookieName, webAccessSecureCookieName].some((ours) =>
    lower.startsWith(ours.toLowerCase()),
  );
};

/**
 * The values of our session cookie in a Cookie header (a device page may have planted more).
 * On https only the `__Host-` one counts: no other host can have set it.
 */
export function sessionCookies(cookie: string | undefined, secureOrigin: boolean): string[] {
  const name = sessionCookieName(secureOrigin);
  return (cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
}

/**
 * The request as the device gets it: hop-by-hop headers and our cookie removed, Host the
 * device's, X-Forwarded-* saying where the browser was, and Origin/Referer of the session
 * origin turned into the device's (devices that check them for CSRF then accept their own pages).
 */
export function deviceRequestHeaders(
  request: IncomingMessage,
  origins: ProxyOrigins,
  options: { upgrade: boolean },
): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const named = connectionTokens(request.headers);
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || hopByHop.has(name) || named.has(name)) continue;
    if (name === 'host' || name.startsWith('x-forwarded-') || name === 'forwarded') continue;
    headers[name] = value;
  }
  if (options.upgrade) {
    headers.connection = 'Upgrade';
    headers.upgrade = request.headers.upgrade ?? 'websocket';
  } else if (request.headers['transfer-encoding'] !== undefined) {
    // Node's parser has undone the chunking; the body is chunked again on the way out.
    headers['transfer-encoding'] = 'chunked';
  }
  const cookies = (request.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && !ourCookie(pair.split('=')[0] ?? ''));
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  else delete headers.cookie;
  const device = new URL(origins.device);
  const session = new URL(origins.session);
  headers.host = device.host;
  const forwardedFor = request.headers['x-forwarded-for'];
  const clientAddress = request.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = forwardedFor ? `${String(forwardedFor)}, ${clientAddress}` : clientAddress;
  headers['x-forwarded-proto'] = session.protocol.slice(0, -1);
  headers['x-forwarded-host'] = session.host;
  for (const name of ['origin', 'referer'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = rebase(value, origins.session, origins.device);
  }
  return headers;
}

/**
 * The device's response headers as the browser gets them (raw pairs, so repeated Set-Cookie
 * stay apart): hop-by-hop removed, a Location on the device's origin moved to the session's,
 * Set-Cookie host-only on the session host (see rewriteSetCookie), without Secure on an http
 * origin, and never one that could pass for our session cookie.
 */
export function browserResponseHeaders(
  rawHeaders: string[],
  origins: ProxyOrigins,
  options: { upgrade: boolean } = { upgrade: false },
): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) pairs.push([rawHeaders[i]!, rawHeaders[i + 1]!]);
  const named = new Set(
    pairs
      .filter(([name]) => name.toLowerCase() === 'connection')
      .flatMap(([, value]) => value.split(',').map((token) => token.trim().toLowerCase())),
  );
  const out: [string, string][] = [];
  for (const [name, value] of pairs) {
    const lower = name.toLowerCase();
    if (options.upgrade && (lower === 'connection' || lower === 'upgrade')) {
      out.push([name, value]);
      continue;
    }
    if (hopByHop.has(lower) || named.has(lower)) continue;
    // In production it would clear the cookies and storage of every session host (and the
    // portal) of the registrable domain, not only this session's.
    if (lower === 'clear-site-data') continue;
    if (lower === 'location' || lower === 'content-location') {
      out.push([name, rebase(value, origins.device, origins.session)]);
    } else if (lower === 'set-cookie') {
      const cookie = rewriteSetCookie(value, origins);
      if (cookie !== undefined) out.push([name, cookie]);
    } else {
      out.push([name, value]);
    }
  }
  return out;
}

/**
 * One Set-Cookie for the session host; undefined when it is dropped. A Domain naming the device
 * (its own host, as it knows itself) or the session host becomes host-only on the session host;
 * any other Domain is dropped with its cookie: a parent domain is shared with every other
 * session host and possibly the portal, where a device's cookies must never land.
 */
export function rewriteSetCookie(value: string, origins: ProxyOrigins): string | undefined {
  const secureOrigin = origins.session.startsWith('https:');
  const ownHosts = [origins.session, origins.device].map((origin) => bareHost(new URL(origin).hostname));
  const [pair = '', ...attributes] = value.split(';');
  const name = pair.split('=')[0] ?? '';
  if (ourCookie(name)) return undefined;
  const kept: string[] = [];
  for (const attribute of attributes.map((a) => a.trim())) {
    const [key = '', ...rest] = attribute.split('=');
    const lower = key.trim().toLowerCase();
    if (lower === 'domain') {
      // As browsers read it: a leading dot is ignored, and an empty value means host-only.
      const domain = bareHost(rest.join('=').trim().replace(/^\./, ''));
      if (domain !== '' && !ownHosts.includes(domain)) return undefined;
      continue;
    }
    if (lower === 'secure' && !secureOrigin) continue;
    kept.push(attribute);
  }
  return [pair.trim(), ...kept].join('; ');
}

/** A host name as compared: lower case, an IPv6 address without its brackets. */
const bareHost = (host: string) => host.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/** `url` moved from one origin to another when it is on the first (also with the default port spelled out). */
export function rebase(url: string, from: string, to: string): string {
  const parsed = URL.parse(url);
  if (!parsed || parsed.origin !== new URL(from).origin) return url;
  // What follows the authority stays as it was (an Origin header has nothing there).
  const rest = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  return `${to}${rest}`;
}

function connectionTokens(headers: IncomingHttpHeaders): Set<string> {
  const value = headers.connection;
  if (!value) return new Set();
  return new Set(value.split(',').map((token) => token.trim().toLowerCase()));
}
