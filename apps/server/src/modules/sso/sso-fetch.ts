import http from 'node:http';
import https from 'node:https';
import { guardAgent, type OutboundPolicy } from '../../net/outbound-guard.ts';

/** Seconds an identity provider gets for each request (discovery, token, keys). */
export const ssoRequestTimeoutSeconds = 10;
/** Discovery documents, tokens and key sets are small; a provider that sends more is refused. */
const maxResponseBytes = 1024 * 1024;

type FetchOptions = {
  body?: unknown;
  headers: Record<string, string>;
  method: string;
  signal?: AbortSignal;
};

/**
 * A fetch for openid-client that connects only where the outbound policy allows: every name is
 * resolved and checked once and the socket connects to the checked address (node's own fetch
 * cannot be given such a lookup without undici). Redirects are not followed: openid-client
 * asks for none, and a redirect must not lead around the check either.
 */
export function guardedFetch(policy: OutboundPolicy) {
  const agents = {
    'http:': guardAgent(new http.Agent({ keepAlive: false }), policy),
    'https:': guardAgent(new https.Agent({ keepAlive: false }), policy),
  };
  return (url: string, options: FetchOptions): Promise<Response> =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const protocol = target.protocol;
      if (protocol !== 'http:' && protocol !== 'https:') return reject(new TypeError('Unsupported protocol'));
      const body = bodyOf(options.body);
      const request = (protocol === 'https:' ? https : http).request(target, {
        method: options.method,
        headers: { ...options.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        agent: agents[protocol],
        timeout: ssoRequestTimeoutSeconds * 1000,
        signal: options.signal,
      });
      request.on('timeout', () => request.destroy(new Error('Identity provider timed out')));
      request.on('error', reject);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxResponseBytes)
            return request.destroy(new Error('Identity provider answer too large'));
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value === undefined) continue;
            for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
          }
          const status = response.statusCode ?? 502;
          const noBody = status === 204 || status === 304;
          const answer = new Response(noBody ? null : Buffer.concat(chunks), { status, headers });
          // openid-client checks the URL of the answer against the one it asked for.
          Object.defineProperty(answer, 'url', { value: target.href });
          resolve(answer);
        });
      });
      request.end(body);
    });
}

function bodyOf(body: unknown): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  throw new TypeError('Unsupported request body');
}
