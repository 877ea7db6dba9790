import { randomBytes } from 'node:crypto';

/** A session's host label: 32 lowercase hex digits, 128 random bits. */
export const newHostId = () => randomBytes(16).toString('hex');

const hostIdPattern = /^[0-9a-f]{32}$/;

/**
 * The session host id a request's Host names (`<32 hex>.<WEB_ACCESS_DOMAIN>[:port]`), else
 * undefined. Any port: behind a reverse proxy the browser's port is not the listen port, and the
 * cookie, not the port, is what admits a request.
 */
export function sessionHostIdOf(host: string | undefined, domain: string): string | undefined {
  if (!host) return undefined;
  const match = /^([^:[\]]+)(?::\d{1,5})?$/.exec(host.trim());
  if (!match) return undefined;
  const name = match[1]!.toLowerCase().replace(/\.$/, '');
  const suffix = `.${domain}`;
  if (!name.endsWith(suffix)) return undefined;
  const label = name.slice(0, -suffix.length);
  return hostIdPattern.test(label) ? label : undefined;
}

/** The session's origin: PUBLIC_URL's scheme and port, host `<hostId>.<WEB_ACCESS_DOMAIN>`. */
export function sessionOrigin(publicUrl: string, domain: string, hostId: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//${hostId}.${domain}${url.port ? `:${url.port}` : ''}`;
}

/** The VNC viewer's WebSocket address on the portal's own host. */
export function vncSocketUrl(publicUrl: string, token: string): string {
  const url = new URL(publicUrl);
  const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${url.host}/relay/vnc?token=${encodeURIComponent(token)}`;
}
