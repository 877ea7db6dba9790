import type { ServerResponse } from 'node:http';
import { parseAccessEndReason } from '@fleetgate/contracts';

/**
 * The small pages a session host answers itself with (no session, ended, device unreachable):
 * static HTML, no scripts, a policy that allows nothing but its inline style, never cached.
 */
export type PageOptions = { status: number; title: string; text: string; portalUrl: string };

const pagePolicy =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function sendPage(response: ServerResponse, page: PageOptions, headers: Record<string, string> = {}) {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · Fleetgate</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;background:#f5f6f8;color:#1d2330}main{max-width:32rem;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.12)}h1{font-size:1.25rem;margin:0 0 .75rem}a{color:#1565c0}</style>
</head><body><main><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.text)}</p>
<p><a href="${escapeHtml(page.portalUrl)}">Back to the portal</a></p></main></body></html>`;
  if (response.headersSent) return response.destroy();
  response.writeHead(page.status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'Content-Security-Policy': pagePolicy,
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    ...headers,
  });
  response.end(body);
}

/** The 410 page's words for a session's end reason (relay/access-end.ts, the end reasons). */
export function endedText(reason: string | null): string {
  if (reason === 'idle')
    return 'This web session ended after a long time without use. Open it again from the portal.';
  if (reason === 'ended by user') return 'This web session was closed. Open it again from the portal.';
  const parsed = parseAccessEndReason(reason ?? '');
  if (parsed.reason === 'revoked')
    return parsed.by
      ? `Your access to this device was revoked by ${parsed.by}.`
      : 'Your access to this device was revoked.';
  if (parsed.reason === 'expired') return 'Your access to this device has expired.';
  return `Your access to this device ended${reason ? ` (${reason})` : ''}.`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
