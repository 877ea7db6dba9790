import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Settings } from './settings.ts';

/** Who is asking: a portal page (with the portal it belongs to), the settings page, or a local tool. */
export type Caller =
  | { kind: 'portal'; origin: string; portal: string }
  | { kind: 'self'; origin: string }
  | { kind: 'local'; portal: string };

/**
 * The names this server answers to. Any other Host is a DNS-rebinding attempt: a foreign page
 * whose own name now points at 127.0.0.1 would otherwise count as same-origin.
 */
export function hostAllowed(request: IncomingMessage, port: number): boolean {
  const host = request.headers.host?.toLowerCase();
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/**
 * Classifies a request by its Origin. Browsers send Origin on every cross-origin request, the
 * WebSocket handshake and every POST, so a foreign page can neither read nor change anything
 * here; a request without Origin comes from a local tool or a top-level navigation.
 */
export function classifyCaller(
  request: IncomingMessage,
  settings: Settings,
  port: number,
): Caller | undefined {
  const origin = request.headers.origin;
  const first = settings.portals[0]!;
  if (origin === undefined) return { kind: 'local', portal: first };
  if (origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`)
    return { kind: 'self', origin };
  const portal = settings.portals.find((p) => new URL(p).origin === origin);
  if (portal) return { kind: 'portal', origin, portal };
  if (settings.origins.includes(origin)) return { kind: 'portal', origin, portal: first };
  return undefined;
}

export const allowedHeaders = ['Api-Access-Token', 'VPN-Client-Controller-Identifier', 'Content-Type'];

/** CORS for an exact portal origin; the page may read the answer, nothing else may. */
export function corsHeaders(response: ServerResponse, caller: Caller) {
  response.setHeader('Vary', 'Origin');
  if (caller.kind === 'portal') response.setHeader('Access-Control-Allow-Origin', caller.origin);
}

/** Answers a CORS preflight, including Private Network Access (public portal → loopback). */
export function answerPreflight(request: IncomingMessage, response: ServerResponse, caller: Caller) {
  corsHeaders(response, caller);
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  response.setHeader('Access-Control-Allow-Headers', allowedHeaders.join(', '));
  response.setHeader('Access-Control-Max-Age', '600');
  if (request.headers['access-control-request-private-network'] === 'true') {
    response.setHeader('Access-Control-Allow-Private-Network', 'true');
  }
  response.writeHead(204).end();
}
