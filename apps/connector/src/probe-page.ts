import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorMessages } from '@fleetgate/contracts';
import { badRequest } from './http-io.ts';
import type { Settings } from './settings.ts';

/**
 * The portal looks for the connector by loading this page in a hidden frame: a frame that cannot
 * load is quiet, where a refused fetch or WebSocket prints a network error on the console of
 * every page of every user who has no connector. The page tells only its version, only to the
 * portal origin that asked (it must be a configured one), and only that origin may frame it.
 */
const script =
  "(()=>{const d=document.documentElement.dataset;if(window.parent!==window)window.parent.postMessage({type:'fleetgate-connector',version:d.version},d.origin)})()";
const scriptHash = createHash('sha256').update(script).digest('base64');

/** The origins allowed to use the connector: the portals' and the extra configured ones. */
export function allowedOrigins(settings: Settings): string[] {
  return [...settings.portals.map((portal) => new URL(portal).origin), ...settings.origins];
}

export function sendProbePage(
  request: IncomingMessage,
  response: ServerResponse,
  settings: Settings,
  version: string,
) {
  const origin = new URL(request.url ?? '/', 'http://connector').searchParams.get('origin');
  if (!origin) throw badRequest(errorMessages.required, 'origin');
  if (!allowedOrigins(settings).includes(origin)) throw badRequest(errorMessages.invalid, 'origin');
  const attribute = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  response.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; script-src 'sha256-${scriptHash}'; frame-ancestors ${origin}`,
    'Referrer-Policy': 'no-referrer',
  });
  response.end(
    `<!doctype html><html lang="en" data-origin="${attribute(origin)}" data-version="${attribute(version)}"><title>Fleetgate connector</title><script>${script}</script></html>`,
  );
}
