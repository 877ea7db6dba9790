import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { checkDestination, DestinationNotAllowedError, pinnedLookup } from '../../../net/outbound-guard.ts';
import { sandboxCaps } from './sandbox-types.ts';

/** What the isolate's `fetch` gets back: never a rejection, so no host stack crosses into it. */
export type FetchAnswer =
  { error: string } | { status: number; headers: Record<string, string>; text: string };

export type FetchPolicy = {
  allowedHosts: readonly string[];
  allowPrivateNetworks: boolean;
  /**
   * Aborted when the run ends or runs out of time: the request's own timeout is the run's
   * remaining time, on the run's timer, so the run is stopped before the function sees the abort.
   */
  signal: AbortSignal;
};

const methods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Headers Node computes itself; `host` would let a function pick another site on an allowed address. */
const reservedHeaders = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);

/**
 * The function's `fetch`, run in the child process (the isolate has no network of its own).
 * Only https (http only where private networks are allowed, i.e. tests), only listed hosts,
 * only addresses the outbound guard accepts, connected to the address that was checked.
 * Redirects are returned as they are, not followed: the next hop might not be allowed.
 */
export async function sandboxFetch(
  url: unknown,
  method: unknown,
  headers: unknown,
  body: unknown,
  policy: FetchPolicy,
): Promise<FetchAnswer> {
  try {
    const request = parseRequest(url, method, headers, body, policy);
    if ('error' in request) return request;
    const destination = await checkDestination(request.url.hostname, {
      allowPrivate: policy.allowPrivateNetworks,
    });
    return await send(request, destination, policy);
  } catch (error) {
    if (error instanceof DestinationNotAllowedError) return { error: error.message };
    if (policy.signal.aborted) return { error: 'The request was stopped when the run ran out of time' };
    return { error: `The request failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

type ParsedRequest = { url: URL; method: string; headers: Record<string, string>; body: string | null };

function parseRequest(
  rawUrl: unknown,
  rawMethod: unknown,
  rawHeaders: unknown,
  rawBody: unknown,
  policy: FetchPolicy,
): ParsedRequest | { error: string } {
  if (typeof rawUrl !== 'string' || !URL.canParse(rawUrl)) return { error: 'fetch needs an absolute URL' };
  const url = new URL(rawUrl);
  const httpAllowed = policy.allowPrivateNetworks && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !httpAllowed) return { error: 'Only https URLs are allowed' };
  if (url.username || url.password) return { error: 'Credentials in the URL are not allowed; use a header' };
  if (!hostAllowed(url, policy.allowedHosts)) return { error: `Host not allowed: ${url.host}` };
  const method = typeof rawMethod === 'string' ? rawMethod.toUpperCase() : '';
  if (!methods.has(method)) return { error: `Unsupported method: ${String(rawMethod)}` };
  const headers: Record<string, string> = {};
  if (typeof rawHeaders === 'object' && rawHeaders !== null) {
    for (const [name, value] of Object.entries(rawHeaders)) {
      if (reservedHeaders.has(name.toLowerCase())) continue;
      headers[name] = String(value);
    }
  }
  if (rawBody !== null && typeof rawBody !== 'string') return { error: 'The body must be a string' };
  if (rawBody !== null && (method === 'GET' || method === 'HEAD'))
    return { error: `A ${method} request cannot have a body` };
  if (rawBody !== null && Buffer.byteLength(rawBody) > sandboxCaps.fetchRequestBytes)
    return { error: 'The request body is larger than 1 MB' };
  return { url, method, headers, body: rawBody };
}

/** "host" allows any port on it; "host:port" only that port (as in Deno's --allow-net). */
function hostAllowed(url: URL, allowedHosts: readonly string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowedHosts.includes(url.hostname) || allowedHosts.includes(`${url.hostname}:${port}`);
}

function send(
  request: ParsedRequest,
  destination: { address: string; family: number },
  policy: FetchPolicy,
): Promise<FetchAnswer> {
  const client = request.url.protocol === 'https:' ? https : http;
  const hostname = request.url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      {
        protocol: request.url.protocol,
        host: hostname,
        port: request.url.port || undefined,
        path: `${request.url.pathname}${request.url.search}`,
        method: request.method,
        headers: request.headers,
        // Connect to the address the guard checked, not to a second DNS answer.
        lookup: pinnedLookup(destination),
        servername: net.isIP(hostname) === 0 ? hostname : undefined,
        agent: false,
        signal: policy.signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > sandboxCaps.fetchResponseBytes) {
            response.destroy();
            resolve({ error: 'The response is larger than 1 MB' });
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: flattenHeaders(response.headers),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
