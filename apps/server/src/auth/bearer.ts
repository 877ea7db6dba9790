import type { IncomingMessage } from 'node:http';
import { hashSecret } from './secrets.ts';

const hashes = new WeakMap<IncomingMessage, string | null>();

/** The request's bearer secret (API calls, WebSocket upgrades), if it has a well-formed one. */
export function bearerSecret(request: IncomingMessage): string | undefined {
  return /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * The stored hash of the request's bearer secret, or undefined without a well-formed one.
 * Computed once per request: signing in and recording the token's last use both need it.
 */
export function bearerSecretHash(request: IncomingMessage): string | undefined {
  let hash = hashes.get(request);
  if (hash === undefined) {
    const secret = bearerSecret(request);
    hash = secret === undefined ? null : hashSecret(secret);
    hashes.set(request, hash);
  }
  return hash ?? undefined;
}
